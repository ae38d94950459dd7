import { FacilitatorUnavailableError, type X402FacilitatorPort } from "@tally/providers";
import {
  api,
  claimsOf,
  expectError,
  holdsOf,
  orderRow,
  randomAddress,
  randomHash,
  silentLogger,
  stockOf,
  usdcBalance,
  useHarness,
} from "@tally/testing";
import { type Pending, type Receipt, x402Fixtures } from "@tally/testing/x402";
import { describe, expect, it } from "vitest";
import { retryUnsettledX402Payments } from "./retry.ts";

/** A facilitator that times out or loses its answer: the payment waits for the retry job, which settles it once. */

const h = useHarness();
const { expectChargedOnce, markStale, openSale, pay, payerOf, paymentRows, withSettle } = x402Fixtures(h, 44);

describe("facilitator timeout", () => {
  it("leaves the payment unsettled (202, never a fresh 402); the retry job settles it once", async () => {
    const sale = await openSale({ price: 4200, stock: 3 });
    const { order, variantId, client } = sale;
    const payer = await payerOf(sale);
    const { header } = payer;

    let settleCalls = 0;
    const timingOut = async (): Promise<never> => {
      settleCalls += 1;
      throw new FacilitatorUnavailableError("facilitator timed out (test)");
    };
    await withSettle(timingOut, async () => {
      const pending = await pay<Pending>(order.id, { client, header });
      expect(pending.status, pending.text).toBe(202);
      expect(pending.headers.get("Retry-After")).toBeTruthy();
      expect(pending.headers.get("X-PAYMENT-REQUIREMENTS")).toBeNull();
      expect(pending.body).toMatchObject({ status: "PENDING", orderId: order.id });
      expect(["PENDING", "VERIFIED"]).toContain(pending.body.payment.status);
      expect(settleCalls).toBe(1);

      // Asked again (same header or none): still 202, never a fresh 402, no second settle attempt.
      const again = await pay<Pending>(order.id, { client, header });
      expect(again.status, again.text).toBe(202);
      const bare = await pay<Pending>(order.id, { client });
      expect(bare.status, bare.text).toBe(202);
      expect(settleCalls).toBe(1);
      // Another authorization while this one is unsettled: refused, not charged.
      const other = await payerOf(sale);
      expectError(await pay(order.id, { client, header: other.header }), 409, "payment_in_progress");
      // Nor may the order be paid another way, re-priced or failed meanwhile: its money may be moving.
      const { tenant } = sale.shop;
      const embedded = await api(
        h,
        "PATCH",
        `/user/${sale.buyerId}/order/${order.id}/checkout/embedded-wallet`,
        {
          key: tenant.adminKey,
          body: {
            txHash: randomHash(),
            amount: "42.00",
            walletAddress: randomAddress(),
            chain: "BASE",
            asset: "USDC",
          },
        },
      );
      expectError(embedded, 409, "payment_in_progress");
      const quote = await api(h, "POST", `/order/${order.id}/shipping/quote`, {
        key: tenant.adminKey,
        body: {
          firstName: "Ada",
          lastName: "Lovelace",
          address: {
            line1: "1 Main St",
            city: "Austin",
            state: "TX",
            postalCode: "78701",
            countryCode: "US",
          },
        },
      });
      expectError(quote, 409, "payment_in_progress");
      const card = await api(h, "POST", `/user/${sale.buyerId}/order/${order.id}/checkout`, {
        key: tenant.adminKey,
        body: {},
      });
      expectError(card, 409, "payment_in_progress");
      await api(h, "POST", `/user/${sale.buyerId}/order/${order.id}/payment-failed`, {
        key: tenant.adminKey,
      });

      expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before);
      const [row] = await paymentRows(order.id);
      expect(["PENDING", "VERIFIED"]).toContain(row!.status);
      expect(row!.txHash).toBeNull();
      expect((await orderRow(h, order.id)).status).toBe("PAYMENT_PENDING");
      expect(await holdsOf(h, order.id)).toEqual(["HELD"]);
      expect(await stockOf(h, variantId)).toBe(2);
    });

    const deps = { ...h.runtime.deps, logger: silentLogger() };
    // Not stale yet: the job leaves a payment its request may still be working on.
    await retryUnsettledX402Payments(deps);
    expect((await paymentRows(order.id))[0]!.status).not.toBe("SETTLED");
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before);

    await markStale(order.id);
    const result = await retryUnsettledX402Payments(deps);
    expect(result.settled).toBeGreaterThanOrEqual(1);

    const [settled] = await paymentRows(order.id);
    expect(settled).toMatchObject({ status: "SETTLED", payer: payer.wallet.address });
    expect(settled!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settled!.attempts).toBeGreaterThanOrEqual(1);
    await expectChargedOnce(sale, payer);
    expect(await orderRow(h, order.id)).toMatchObject({
      status: "PAID",
      paymentMethod: "X402",
      amountPaid: 4200,
    });
    expect(await holdsOf(h, order.id)).toEqual(["COMMITTED"]);
    expect(await claimsOf(h, order.id)).toMatchObject([{ txHash: settled!.txHash, method: "X402" }]);

    // The client comes back with the same header: the receipt; the job again: nothing more moves.
    const receipt = await pay<Receipt>(order.id, { client, header });
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.payment.txHash).toBe(settled!.txHash);
    await markStale(order.id);
    await retryUnsettledX402Payments(deps);
    await expectChargedOnce(sale, payer);
    expect((await paymentRows(order.id))[0]!.txHash).toBe(settled!.txHash);
  });

  it("a settlement whose answer was lost: the retry job finds the transfer on chain and never pays twice", async () => {
    const sale = await openSale({ price: 1300, stock: 3 });
    const { order, client } = sale;
    const payer = await payerOf(sale);
    const { header } = payer;

    let broadcast: string | undefined;
    const settlingThenLosingTheAnswer = async (
      real: X402FacilitatorPort,
      ...args: Parameters<X402FacilitatorPort["settle"]>
    ): Promise<never> => {
      const result = await real.settle(...args);
      broadcast = result.transaction;
      throw new FacilitatorUnavailableError("connection reset after settling (test)");
    };
    await withSettle(settlingThenLosingTheAnswer, async () => {
      const pending = await pay<Pending>(order.id, { client, header });
      expect(pending.status, pending.text).toBe(202);
    });
    expect(broadcast).toMatch(/^0x[0-9a-f]{64}$/);
    // The money moved, but the service does not know yet.
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - sale.total);
    expect((await paymentRows(order.id))[0]!.status).not.toBe("SETTLED");
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_PENDING");

    await markStale(order.id);
    await retryUnsettledX402Payments({ ...h.runtime.deps, logger: silentLogger() });

    const [settled] = await paymentRows(order.id);
    expect(settled).toMatchObject({ status: "SETTLED", txHash: broadcast!.toLowerCase() });
    await expectChargedOnce(sale, payer);
    expect(await orderRow(h, order.id)).toMatchObject({ status: "PAID", paymentMethod: "X402" });
    expect(await claimsOf(h, order.id)).toMatchObject([{ txHash: broadcast!.toLowerCase() }]);
    const receipt = await pay<Receipt>(order.id, { client, header });
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body.payment.txHash).toBe(broadcast!.toLowerCase());
  });
});
