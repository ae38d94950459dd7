import { localClients } from "@tally/providers/test-support";
import { fundedWallet, orderRow, stockOf, usdcBalance, useHarness } from "@tally/testing";
import { payPath, type Receipt, x402Fixtures } from "@tally/testing/x402";
import type { Hex } from "viem";
import { describe, expect, it } from "vitest";
import { decodeXPaymentResponse, wrapFetchWithPayment } from "x402-fetch";

/** A stock x402 client (x402-fetch) pays an order end to end against the file's anvil chain. */

const h = useHarness();
const { expectChargedOnce, openSale, request } = x402Fixtures(h, 45);

describe("end to end with a stock x402 client", () => {
  it("x402-fetch's wrapFetchWithPayment pays an order with a local wallet", async () => {
    const sale = await openSale({ price: 2500, stock: 2 });
    const { shop, order, variantId, client, total } = sale;
    const wallet = await fundedWallet(h);
    const payer = { wallet, before: await usdcBalance(h, wallet.address) };

    // Base's chain id over this file's anvil only: never a public RPC.
    const walletClient = localClients(h.chain.rpcUrl).walletClient(wallet);
    const seen: number[] = [];
    const appFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await request(client, input, init);
      seen.push(response.status);
      return response;
    };
    const payingFetch = wrapFetchWithPayment(appFetch as typeof fetch, walletClient as never, total);

    const response = await payingFetch(`http://localhost${payPath(order.id)}`, { method: "POST" });
    const body = (await response.json()) as Receipt;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(seen).toEqual([402, 200]);
    const paymentResponse = decodeXPaymentResponse(response.headers.get("X-PAYMENT-RESPONSE")!);
    expect(paymentResponse).toMatchObject({
      success: true,
      transaction: body.payment.txHash,
      network: "base",
      payer: wallet.address,
    });
    expect(body).toMatchObject({
      success: true,
      payment: { status: "SETTLED", payer: wallet.address, amount: total.toString() },
      order: { id: order.id, status: "PAID", payment: { method: "X402", amountPaid: 2500 } },
    });

    await expectChargedOnce(sale, payer);
    const onChain = await h.runtime.deps.providers.chain.getTransaction(body.payment.txHash as Hex);
    expect(onChain).toMatchObject({
      status: "success",
      transfers: [{ from: wallet.address, to: shop.receivingAddress, value: total }],
    });
    expect((await orderRow(h, order.id)).status).toBe("PAID");
    expect(await stockOf(h, variantId)).toBe(1);

    // The client calling again pays nothing more: the order answers its receipt at once.
    const again = await payingFetch(`http://localhost${payPath(order.id)}`, { method: "POST" });
    expect(again.status).toBe(200);
    expect(seen).toEqual([402, 200, 200]);
    expect(await usdcBalance(h, wallet.address)).toBe(payer.before - total);
  });
});
