import type { Address } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { createServerWalletKey, openServerWalletKey, WalletKeyError } from "./server-wallet-key.ts";

const encryptionKey = "correct horse battery staple, but longer";

/** The error `open` throws, asserting it is a WalletKeyError that leaks nothing secret. */
const openError = (open: () => unknown, secrets: string[]): WalletKeyError => {
  let thrown: unknown;
  try {
    open();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(WalletKeyError);
  const error = thrown as WalletKeyError;
  for (const secret of secrets) expect(`${error.message} ${error.stack}`).not.toContain(secret);
  return error;
};

describe("server wallet keys", () => {
  it("seals a fresh key in the v1 format and opens it for its address", () => {
    const { address, encryptedPrivateKey } = createServerWalletKey(encryptionKey);
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(encryptedPrivateKey).toMatch(/^v1\.[\w-]{16}\.[\w-]{43}\.[\w-]{22}$/);

    const privateKey = openServerWalletKey(encryptedPrivateKey, address, encryptionKey);
    expect(privateKeyToAddress(privateKey).toLowerCase()).toBe(address);
    // The address is bound case-insensitively (it is stored lowercase, but may come back checksummed).
    expect(openServerWalletKey(encryptedPrivateKey, privateKeyToAddress(privateKey), encryptionKey)).toBe(
      privateKey,
    );

    // Neither the hex key nor its raw bytes in base64url appear in what is stored.
    const raw = Buffer.from(privateKey.slice(2), "hex");
    for (const form of [privateKey.slice(2), raw.toString("base64url"), raw.toString("base64")])
      expect(encryptedPrivateKey).not.toContain(form);
    expect(createServerWalletKey(encryptionKey).address).not.toBe(address);
  });

  it("refuses a wrong encryption key, another address and tampered or malformed input", () => {
    const { address, encryptedPrivateKey } = createServerWalletKey(encryptionKey);
    const privateKey = openServerWalletKey(encryptedPrivateKey, address, encryptionKey);
    const secrets = [privateKey.slice(2), encryptionKey];

    openError(() => openServerWalletKey(encryptedPrivateKey, address, "another key"), secrets);
    const other = createServerWalletKey(encryptionKey);
    openError(() => openServerWalletKey(encryptedPrivateKey, other.address, encryptionKey), secrets);

    const [version, iv, ciphertext, tag] = encryptedPrivateKey.split(".") as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString("base64url");
    };
    for (const tampered of [
      [version, flip(iv), ciphertext, tag],
      [version, iv, flip(ciphertext), tag],
      [version, iv, ciphertext, flip(tag)],
      ["v2", iv, ciphertext, tag],
      [version, iv, ciphertext],
    ])
      openError(() => openServerWalletKey(tampered.join("."), address, encryptionKey), secrets);
    openError(() => openServerWalletKey("not a key", address as Address, encryptionKey), secrets);
    openError(() => createServerWalletKey(""), secrets);
  });
});
