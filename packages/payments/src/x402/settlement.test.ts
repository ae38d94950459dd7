import { localClients, signAuthorization, type TransferAuthorization } from "@tally/providers/test-support";
import {
  api,
  buyer,
  claimsOf,
  createOrder,
  expectError,
  fundedWallet,
  holdsOf,
  orderRow,
  signUp,
  stockOf,
  type TestResponse,
  usdcBalance,
  useHarness,
} from "@tally/testing";
import {
  type Pending,
  type Receipt,
  toBase64Json,
  transferWithAuthorizationAbi,
  unixNow,
  x402Fixtures,
} from "@tally/testing/x402";
import { getAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";

/**
 * POST /api/v1/x402/orders/{id}/pay with a payment: settlement, exactly once (sequentially and
 * concurrently), transfers and authorizations used elsewhere, payers the facilitator refuses.
 */

const h = useHarness();
const {
  authorizationsOf,
  expectChargedOnce,
  expectPaymentResponse,
  expectRequirements,
  expectUntouched,
  openSale,
  pay,
  payerOf,
  paymentRows,
  signPayment,
} = x402Fixtures(h, 43);

describe("POST /x402/orders/{id}/pay settlement", () => {
  it("settles a matching payment: 200 receipt, X-PAYMENT-RESPONSE, balances moved, order PAID, stock committed", async () => {
    const sale = await openSale({ price: 2500, stock: 5 });
    const { shop, order, variantId, client, total } = sale;
    const payer = await payerOf(sale);
    const { wallet, payload } = payer;

    const response = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(response.status, response.text).toBe(200);
    const txHash = response.body.payment.txHash!;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(response.body).toMatchObject({
      success: true,
      orderId: order.id,
      payment: {
        orderId: order.id,
        status: "SETTLED",
        network: "base",
        asset: h.chain.usdcAddress,
        amount: total.toString(),
        payTo: shop.receivingAddress,
        payer: wallet.address,
        settledAt: expect.any(String),
      },
      order: {
        id: order.id,
        status: "PAID",
        payment: { method: "X402", amountPaid: 2500, paidAt: expect.any(String) },
      },
    });
    // Keyless: the receipt names no buyer, e-mail or address.
    expect(Object.keys(response.body.order).sort()).toEqual(["id", "payment", "status"]);
    expectPaymentResponse(response, txHash, wallet.address);

    // On chain: exactly the total moved from the payer to the receiving address, in that transaction.
    await expectChargedOnce(sale, payer);
    const onChain = await h.runtime.deps.providers.chain.getTransaction(txHash as Hex);
    expect(onChain).toMatchObject({
      status: "success",
      transfers: [
        { token: h.chain.usdcAddress, from: wallet.address, to: shop.receivingAddress, value: total },
      ],
    });

    // In the database.
    const [payment, ...others] = await paymentRows(order.id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      organizationId: shop.tenant.organizationId,
      status: "SETTLED",
      txHash,
      payer: wallet.address,
      payTo: shop.receivingAddress,
      amount: total.toString(),
      nonce: payload.payload.authorization.nonce.toLowerCase(),
      failureReason: null,
    });
    expect(payment!.txHash).toBe(payment!.txHash!.toLowerCase());
    expect(payment!.settledAt).toBeInstanceOf(Date);
    const row = await orderRow(h, order.id);
    expect(row).toMatchObject({ status: "PAID", paymentMethod: "X402", amountPaid: 2500 });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await holdsOf(h, order.id)).toEqual(["COMMITTED"]);
    expect(await stockOf(h, variantId)).toBe(4);
    expect(await claimsOf(h, order.id)).toMatchObject([
      { txHash, organizationId: shop.tenant.organizationId, orderId: order.id, method: "X402" },
    ]);
    expect(await authorizationsOf(wallet.address)).toMatchObject([
      {
        asset: h.chain.usdcAddress,
        nonce: payload.payload.authorization.nonce.toLowerCase(),
        orderId: order.id,
      },
    ]);
  });

  it("exactly once, sequentially: the same header again, no header, or another authorization answer the receipt; one charge", async () => {
    const sale = await openSale({ price: 1999, stock: 5 });
    const { shop, order, client, total } = sale;
    const payer = await payerOf(sale);
    const other = await payerOf(sale);

    const first = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(first.status, first.text).toBe(200);
    const txHash = first.body.payment.txHash!;
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - total);

    const expectReceipt = (response: TestResponse<Receipt>) => {
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        payment: { id: first.body.payment.id, status: "SETTLED", txHash, payer: payer.wallet.address },
        order: { status: "PAID" },
      });
      expectPaymentResponse(response, txHash, payer.wallet.address);
    };
    expectReceipt(await pay<Receipt>(order.id, { client, header: payer.header }));
    expectReceipt(await pay<Receipt>(order.id, { client }));
    expectReceipt(await pay<Receipt>(order.id, { client, header: other.header }));
    // Also with the first wallet's own fresh authorization.
    const { header: fresh } = await signPayment(payer.wallet, { to: shop.receivingAddress, value: total });
    expectReceipt(await pay<Receipt>(order.id, { client, header: fresh }));

    await expectChargedOnce(sale, payer);
    expect(await usdcBalance(h, other.wallet.address)).toBe(other.before);
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await claimsOf(h, order.id)).toHaveLength(1);
    expect(await authorizationsOf(other.wallet.address)).toEqual([]);
  });

  it("exactly once, concurrently: the same header 10 at once settles once", async () => {
    const sale = await openSale({ price: 3100, stock: 5 });
    const { order, variantId, client } = sale;
    const payer = await payerOf(sale);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => pay<Receipt | Pending>(order.id, { client, header: payer.header })),
    );
    for (const response of responses) expect([200, 202], response.text).toContain(response.status);
    const receipts = responses.filter((response) => response.status === 200) as TestResponse<Receipt>[];
    expect(receipts.length).toBeGreaterThanOrEqual(1);
    const hashes = new Set(receipts.map((response) => response.body.payment.txHash));
    expect(hashes.size).toBe(1);

    const rows = await paymentRows(order.id);
    expect(rows.map((row) => row.status)).toEqual(["SETTLED"]);
    expect(rows[0]!.txHash).toBe([...hashes][0]);
    await expectChargedOnce(sale, payer);
    expect(await claimsOf(h, order.id)).toHaveLength(1);
    expect(await authorizationsOf(payer.wallet.address)).toHaveLength(1);
    expect(await stockOf(h, variantId)).toBe(4);
    expect((await orderRow(h, order.id)).status).toBe("PAID");
  });

  it("exactly once, concurrently: 5 different payers at once, one charge", async () => {
    const sale = await openSale({ price: 700, stock: 5 });
    const { order, client } = sale;
    const payers = await Promise.all(Array.from({ length: 5 }, () => payerOf(sale)));

    const responses = await Promise.all(
      payers.map((payer) => pay<Receipt | Pending>(order.id, { client, header: payer.header })),
    );
    for (const response of responses) {
      expect([200, 202, 409], response.text).toContain(response.status);
      if (response.status === 409) expect(response.body).toMatchObject({ code: "payment_in_progress" });
    }

    const rows = await paymentRows(order.id);
    expect(rows.map((row) => row.status)).toEqual(["SETTLED"]);
    const after = await Promise.all(payers.map((payer) => usdcBalance(h, payer.wallet.address)));
    const charged = payers.filter((payer, index) => after[index] !== payer.before);
    expect(charged.map((payer) => payer.wallet.address)).toEqual([rows[0]!.payer]);
    await expectChargedOnce(sale, charged[0]!);
    expect(await claimsOf(h, order.id)).toHaveLength(1);
    expect((await orderRow(h, order.id)).status).toBe("PAID");
  });

  it("a transfer an embedded-wallet payment already claimed cannot pay a second order through x402", async () => {
    // The payer executes its own authorization on chain, reports that transfer for order A as an
    // embedded-wallet payment, then presents the same authorization for order B.
    const sale = await openSale({ price: 1300 });
    const { shop, order, variantId, client } = sale;
    const payer = await payerOf(sale);
    const { authorization, signature } = payer.payload.payload;
    const { publicClient, walletClient } = localClients(h.chain.rpcUrl);
    const txHash = await walletClient(payer.wallet).writeContract({
      address: h.chain.usdcAddress,
      abi: transferWithAuthorizationAbi,
      functionName: "transferWithAuthorization",
      args: [
        authorization.from,
        authorization.to,
        BigInt(authorization.value),
        BigInt(authorization.validAfter),
        BigInt(authorization.validBefore),
        authorization.nonce,
        signature,
      ],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: txHash })).status).toBe("success");
    const owner = await signUp(h, shop.tenant, { walletAddress: payer.wallet.address });
    const orderA = await createOrder(h, shop.tenant, owner.id, { productId: shop.product.id });
    const embedded = await api(h, "PATCH", `/user/${owner.id}/order/${orderA.id}/checkout/embedded-wallet`, {
      key: shop.tenant.adminKey,
      body: { txHash, amount: "13.00", walletAddress: payer.wallet.address, chain: "BASE", asset: "USDC" },
    });
    expect(embedded.status, embedded.text).toBe(200);

    const refused = await pay(order.id, { client, header: payer.header });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.context).toEqual({ reason: "transaction_already_claimed" });
    const [payment] = await paymentRows(order.id);
    expect(payment).toMatchObject({
      status: "FAILED",
      failureReason: "transaction_already_claimed",
      txHash: null,
    });
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await claimsOf(h, order.id)).toEqual([]);
    expect(await holdsOf(h, order.id)).toEqual(["RELEASED"]);
    expect(await stockOf(h, variantId)).toBe(99);
    // One transfer, one order: the payer was charged once.
    await expectChargedOnce(sale, payer);
  });

  it("an authorization whose nonce another transfer used cannot pay: the chain's transfer must be this payment", async () => {
    const sale = await openSale({ price: 1100 });
    const { order, client } = sale;
    const payer = await payerOf(sale);
    const { authorization } = payer.payload.payload;
    // Y: the same authorizer and nonce, 0 USDC to the payer itself, executed on chain before X is presented.
    const y: TransferAuthorization = {
      from: authorization.from,
      to: authorization.from,
      value: 0n,
      validAfter: 0n,
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce,
    };
    const ySignature = await signAuthorization(
      payer.wallet,
      h.chain.usdcAddress,
      "TransferWithAuthorization",
      y,
    );
    const { publicClient, walletClient } = localClients(h.chain.rpcUrl);
    const hash = await walletClient(payer.wallet).writeContract({
      address: h.chain.usdcAddress,
      abi: transferWithAuthorizationAbi,
      functionName: "transferWithAuthorization",
      args: [y.from, y.to, y.value, y.validAfter, y.validBefore, y.nonce, ySignature],
    });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");

    const refused = await pay(order.id, { client, header: payer.header });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.context).toEqual({ reason: "authorization_used_elsewhere" });
    expect((await paymentRows(order.id))[0]).toMatchObject({ status: "FAILED", txHash: null });
    expect((await orderRow(h, order.id)).status).toBe("PAYMENT_FAILED");
    expect(await claimsOf(h, order.id)).toEqual([]);
    expect(await usdcBalance(h, sale.shop.receivingAddress)).toBe(0n);
  });

  it("an authorization already presented for one order is 409 already_exists on another", async () => {
    const sale = await openSale({ price: 1500, stock: 5 });
    const { shop, order: orderA, variantId, client, total } = sale;
    const { order: orderB } = await buyer(h, shop);
    const payer = await payerOf(sale);

    const paidA = await pay<Receipt>(orderA.id, { client, header: payer.header });
    expect(paidA.status, paidA.text).toBe(200);
    expect(await stockOf(h, variantId)).toBe(4);

    const reused = await pay(orderB.id, { client, header: payer.header });
    expectError(reused, 409, "already_exists");
    await expectChargedOnce(sale, payer);
    await expectUntouched(orderB.id, variantId, 4);
    expect(await authorizationsOf(payer.wallet.address)).toMatchObject([{ orderId: orderA.id }]);

    // Order B still pays with an authorization of its own.
    const { header: fresh } = await signPayment(payer.wallet, { to: shop.receivingAddress, value: total });
    const paidB = await pay<Receipt>(orderB.id, { client, header: fresh });
    expect(paidB.status, paidB.text).toBe(200);
    expect(paidB.body.payment.txHash).not.toBe(paidA.body.payment.txHash);
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - 2n * total);
  });

  it("a payer without enough USDC: 402 with a reason and nothing recorded or held; a funded payer then pays", async () => {
    const sale = await openSale({ price: 2500, stock: 1 });
    const { shop, order, variantId, client, total } = sale;
    const poor = await payerOf(sale, total - 1n);

    const refused = await pay(order.id, { client, header: poor.header });
    expect(refused.status, refused.text).toBe(402);
    // x402's verify checks the payer's balance before anything is sent.
    expect(refused.body.context).toEqual({ reason: "insufficient_funds" });
    expectRequirements(refused.body, { orderId: order.id, payTo: shop.receivingAddress, amount: total });

    expect(await usdcBalance(h, poor.wallet.address)).toBe(total - 1n);
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(0n);
    // Refused before anything was claimed: the order is as it was.
    await expectUntouched(order.id, variantId, 1);

    // Without a header the order asks for payment again.
    const ask = await pay(order.id, { client });
    expect(ask.status, ask.text).toBe(402);
    expect(ask.body.context).toBeUndefined();

    const rich = await payerOf(sale);
    const paid = await pay<Receipt>(order.id, { client, header: rich.header });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      payment: { status: "SETTLED", payer: rich.wallet.address },
      order: { status: "PAID", payment: { method: "X402", amountPaid: 2500 } },
    });
    await expectChargedOnce(sale, rich);
    expect(await usdcBalance(h, poor.wallet.address)).toBe(total - 1n);
    const rows = await paymentRows(order.id);
    expect(rows.map((row) => [row.status, row.payer, row.failureReason])).toEqual([
      ["SETTLED", rich.wallet.address, null],
    ]);
    expect(await holdsOf(h, order.id)).toEqual(["COMMITTED"]);
    expect(await stockOf(h, variantId)).toBe(0);
    expect((await orderRow(h, order.id)).status).toBe("PAID");
  });

  it("a forged or expired authorization is refused by the facilitator: 402 with its reason, nothing moves", async () => {
    const sale = await openSale({ price: 900, stock: 2 });
    const { shop, order, variantId, client, total } = sale;
    const victim = await payerOf(sale);
    const forger = await fundedWallet(h);

    // Claims to be from the victim, signed by someone else.
    const signed = await signPayment(forger, { to: shop.receivingAddress, value: total });
    const forged = {
      ...signed.payload,
      payload: {
        ...signed.payload.payload,
        authorization: { ...signed.payload.payload.authorization, from: victim.wallet.address },
      },
    };
    const refused = await pay(order.id, { client, header: toBase64Json(forged) });
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.context?.reason).toMatch(/signature/);
    expectRequirements(refused.body, { orderId: order.id, payTo: shop.receivingAddress, amount: total });
    expect(await usdcBalance(h, victim.wallet.address)).toBe(victim.before);
    await expectUntouched(order.id, variantId, 2);

    // Past its validBefore (re-signed, so only the validity window is wrong).
    const now = unixNow();
    const expired = await signPayment(victim.wallet, {
      to: shop.receivingAddress,
      value: total,
      validAfter: now - 3600n,
      validBefore: now - 60n,
    });
    const late = await pay(order.id, { client, header: expired.header });
    expect(late.status, late.text).toBe(402);
    expect(late.body.context?.reason).toMatch(/valid_before|expired/);
    expect(await usdcBalance(h, victim.wallet.address)).toBe(victim.before);
    expect(await usdcBalance(h, shop.receivingAddress)).toBe(0n);
    expect(await claimsOf(h, order.id)).toEqual([]);
    expect(await stockOf(h, variantId)).toBe(2);

    // A valid authorization of the victim's then pays.
    const paid = await pay<Receipt>(order.id, { client, header: victim.header });
    expect(paid.status, paid.text).toBe(200);
    await expectChargedOnce(sale, victim);
  });

  it("the same authorization in another letter case is the same authorization", async () => {
    const sale = await openSale({ price: 1100, stock: 5 });
    const { shop, order, client, total } = sale;
    const { order: orderB } = await buyer(h, shop);
    const payer = await payerOf(sale);
    const { payload } = payer;
    const { authorization } = payload.payload;
    const shouting = {
      ...payload,
      payload: {
        ...payload.payload,
        authorization: {
          ...authorization,
          from: getAddress(authorization.from),
          to: getAddress(authorization.to),
          nonce: `0x${authorization.nonce.slice(2).toUpperCase()}`,
        },
      },
    };

    const paid = await pay<Receipt>(order.id, { client, header: toBase64Json(shouting) });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.payment).toMatchObject({ payer: payer.wallet.address, payTo: shop.receivingAddress });
    const again = await pay<Receipt>(order.id, { client, header: payer.header });
    expect(again.status, again.text).toBe(200);
    expect(again.body.payment.txHash).toBe(paid.body.payment.txHash);
    expectError(await pay(orderB.id, { client, header: payer.header }), 409, "already_exists");
    expect(await usdcBalance(h, payer.wallet.address)).toBe(payer.before - total);
    expect(await authorizationsOf(payer.wallet.address)).toMatchObject([
      { nonce: authorization.nonce.toLowerCase() },
    ]);
    expect((await orderRow(h, orderB.id)).status).toBe("OPEN");
  });
});
