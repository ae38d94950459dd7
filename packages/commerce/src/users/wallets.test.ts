import {
  type ApiSchema,
  api,
  type ErrorBody,
  expectError,
  fieldsOf,
  randomAddress,
  signUp,
  type Tenant,
  useHarness,
} from "@tally/testing";
import { beforeAll, describe, expect, it } from "vitest";

const h = useHarness();
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  tenant = await h.createTenant();
  other = await h.createTenant();
});

type Wallet = ApiSchema<"Wallet">;

describe("wallets", () => {
  it("lists and shows the user's wallets", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const list = await api<Wallet[]>(h, "GET", `/user/${user.id}/wallets`, {
      key: tenant.memberKey,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual([{ address, type: "EXTERNAL", chainId: 8453, createdAt: expect.any(String) }]);
    expect(list.headers.get("x-total-count")).toBe("1");
    const detail = await api(
      h,
      "GET",
      `/user/${user.id}/wallets/${address.toUpperCase().replace("0X", "0x")}`,
      {
        key: tenant.memberKey,
      },
    );
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body).toEqual({
      address,
      type: "EXTERNAL",
      chainId: 8453,
      createdAt: expect.any(String),
      walletId: null,
      balances: {
        usdc: { tokenAddress: h.chain.usdcAddress, amount: "0", decimals: 6 },
        native: { amount: "0", decimals: 18 },
      },
    });
  });

  it("answers 404 for an unknown wallet or user, 422 for a bad address, 403 for another acting user", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const otherUser = await signUp(h, tenant, { walletAddress: randomAddress() });
    expectError(
      await api(h, "GET", `/user/${user.id}/wallets/${randomAddress()}`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    // Another user's wallet is not this user's.
    expectError(
      await api(h, "GET", `/user/${otherUser.id}/wallets/${address}`, { key: tenant.memberKey }),
      404,
      "not_found",
    );
    const bad = await api(h, "GET", `/user/${user.id}/wallets/0xnothex`, { key: tenant.memberKey });
    expectError(bad, 422, "validation_failed");
    expect(fieldsOf(bad)).toEqual(["address"]);
    expectError(await api(h, "GET", `/user/${user.id}/wallets`, { key: other.memberKey }), 404, "not_found");
    expectError(
      await api(h, "GET", `/user/${user.id}/wallets/${address}`, {
        key: tenant.memberKey,
        userId: otherUser.id,
      }),
      403,
      "acting_user_mismatch",
    );
  });

  it("refuses a send from a wallet the service does not hold, after validating and finding it", async () => {
    const address = randomAddress();
    const user = await signUp(h, tenant, { walletAddress: address });
    const body = { recipient: randomAddress(), tokenAddress: randomAddress(), amount: "1000000" };
    const send = await api<ErrorBody>(h, "POST", `/user/${user.id}/wallets/${address}/send`, {
      key: tenant.memberKey,
      body,
    });
    expectError(send, 409, "invalid_state");
    expect(send.body.error).toMatch(/SERVER/);
    const history = await api(h, "GET", `/user/${user.id}/wallets/${address}/transactions`, {
      key: tenant.memberKey,
    });
    expect(history.status, history.text).toBe(200);
    expect(history.body).toEqual([]);
    expect(history.headers.get("x-total-count")).toBe("0");

    const invalid = await api(h, "POST", `/user/${user.id}/wallets/${address}/send`, {
      key: tenant.memberKey,
      body: { recipient: "nope", amount: -1, decimals: 99 },
    });
    expectError(invalid, 422, "validation_failed");
    expect(fieldsOf(invalid)).toEqual(
      expect.arrayContaining(["recipient", "tokenAddress", "amount", "decimals"]),
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/wallets/${randomAddress()}/send`, {
        key: tenant.memberKey,
        body,
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "GET", `/user/${user.id}/wallets/${randomAddress()}/transactions`, {
        key: tenant.memberKey,
      }),
      404,
      "not_found",
    );
    expectError(
      await api(h, "POST", `/user/${user.id}/wallets/${address}/send`, {
        key: other.memberKey,
        body,
      }),
      404,
      "not_found",
    );
  });
});
