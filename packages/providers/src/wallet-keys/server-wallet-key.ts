import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { type Address, bytesToHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";

/** Opening failed: wrong key, tampered or foreign ciphertext. The message never carries key material. */
export class WalletKeyError extends Error {
  override readonly name = "WalletKeyError";
}

const SEALED_FORMAT = /^v1\.([\w-]+)\.([\w-]+)\.([\w-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PRIVATE_KEY_BYTES = 32;

/** One AES-256 key per deployment secret, bound to this use by HKDF's info. */
const deriveKey = (encryptionKey: string): Buffer => {
  if (!encryptionKey) throw new WalletKeyError("the wallet encryption key is empty");
  return Buffer.from(hkdfSync("sha256", encryptionKey, "tally", "server-wallet-v1", 32));
};

/** The address is the AAD: a stored key only opens for the wallet it was created for. */
const additionalData = (address: Address): Buffer => Buffer.from(address.toLowerCase(), "utf8");

/**
 * A new server wallet: its lowercase address and its private key sealed with AES-256-GCM under
 * `encryptionKey` (`WALLET_ENCRYPTION_KEY`), as `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export const createServerWalletKey = (
  encryptionKey: string,
): { address: Address; encryptedPrivateKey: string } => {
  const key = deriveKey(encryptionKey);
  const privateKey = generatePrivateKey();
  const address = privateKeyToAddress(privateKey).toLowerCase() as Address;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(address));
  const ciphertext = Buffer.concat([cipher.update(Buffer.from(privateKey.slice(2), "hex")), cipher.final()]);
  const encryptedPrivateKey = [
    "v1",
    ...[iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url")),
  ].join(".");
  return { address, encryptedPrivateKey };
};

/** The private key sealed by `createServerWalletKey` for `address`; WalletKeyError if it does not open. */
export const openServerWalletKey = (
  encryptedPrivateKey: string,
  address: Address,
  encryptionKey: string,
): Hex => {
  const key = deriveKey(encryptionKey);
  const match = SEALED_FORMAT.exec(encryptedPrivateKey);
  if (!match) throw new WalletKeyError("the stored wallet key is not in the v1 format");
  const [, ivText = "", ciphertextText = "", tagText = ""] = match;
  const [iv, ciphertext, tag] = [ivText, ciphertextText, tagText].map((part) =>
    Buffer.from(part, "base64url"),
  );
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext)
    throw new WalletKeyError("the stored wallet key is not in the v1 format");
  let privateKey: Hex;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(address));
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    if (plaintext.length !== PRIVATE_KEY_BYTES) throw new Error("wrong length");
    privateKey = bytesToHex(plaintext);
  } catch {
    throw new WalletKeyError("the stored wallet key does not open with this encryption key for this address");
  }
  // The AAD already binds the address; this also catches a key sealed under a mislabelled address.
  if (privateKeyToAddress(privateKey).toLowerCase() !== address.toLowerCase())
    throw new WalletKeyError("the stored wallet key belongs to another address");
  return privateKey;
};
