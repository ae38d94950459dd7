import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpX402Facilitator } from "./http.ts";
import {
  FacilitatorUnavailableError,
  type X402PaymentPayload,
  type X402PaymentRequirements,
} from "./port.ts";

const payer = "0x1111111111111111111111111111111111111111";
const payment: X402PaymentPayload = {
  x402Version: 1,
  scheme: "exact",
  network: "base",
  payload: {
    signature: `0x${"12".repeat(65)}`,
    authorization: {
      from: payer,
      to: "0x2222222222222222222222222222222222222222",
      value: "2500000",
      validAfter: "0",
      validBefore: "9999999999",
      nonce: `0x${"34".repeat(32)}`,
    },
  },
};
const requirements: X402PaymentRequirements = {
  scheme: "exact",
  network: "base",
  maxAmountRequired: "2500000",
  resource: "https://shop.example/api/v1/orders/1/pay",
  description: "Order 1",
  mimeType: "application/json",
  payTo: "0x2222222222222222222222222222222222222222",
  maxTimeoutSeconds: 300,
  asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  extra: { name: "USD Coin", version: "2" },
};
const txHash = `0x${"ab".repeat(32)}`;

interface Seen {
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

let server: Server | undefined;
const closeServer = async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
};
afterEach(closeServer);

/** A facilitator on loopback answering each request with `respond`; `seen` records what it got. */
const fakeFacilitator = async (respond: (url: string, response: ServerResponse) => void) => {
  const seen: Seen[] = [];
  const created = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    seen.push({ url: request.url ?? "", headers: request.headers, body: JSON.parse(text) });
    respond(request.url ?? "", response);
  });
  server = created;
  await new Promise<void>((resolve) => created.listen(0, "127.0.0.1", resolve));
  const { port } = created.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/facilitator/`, seen };
};

const answer = (status: number, body: unknown) => (_url: string, response: ServerResponse) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
};

describe("HttpX402Facilitator", () => {
  it("posts the standard verify and settle requests and passes valid answers through", async () => {
    const { url, seen } = await fakeFacilitator((route, response) =>
      route.endsWith("/verify")
        ? answer(200, { isValid: true, invalidReason: null, payer })(route, response)
        : answer(200, { success: true, transaction: txHash, network: "base", payer })(route, response),
    );
    const facilitator = new HttpX402Facilitator({ url, headers: { authorization: "Bearer test" } });

    expect(await facilitator.verify(payment, requirements)).toEqual({ isValid: true, payer });
    expect(await facilitator.settle(payment, requirements)).toEqual({
      success: true,
      transaction: txHash,
      network: "base",
      payer,
    });
    expect(seen.map((request) => request.url)).toEqual(["/facilitator/verify", "/facilitator/settle"]);
    for (const request of seen) {
      expect(request.body).toEqual({
        x402Version: 1,
        paymentPayload: payment,
        paymentRequirements: requirements,
      });
      expect(request.headers.authorization).toBe("Bearer test");
      expect(request.headers["content-type"]).toBe("application/json");
    }
  });

  it("returns a refusal answered with 4xx, dropping the empty transaction of a failed settle", async () => {
    const { url } = await fakeFacilitator((route, response) =>
      route.endsWith("/verify")
        ? answer(400, { isValid: false, invalidReason: "invalid_payload", payer })(route, response)
        : answer(400, {
            success: false,
            errorReason: "invalid_transaction_state",
            transaction: "",
            network: "base",
            payer,
          })(route, response),
    );
    const facilitator = new HttpX402Facilitator({ url });
    expect(await facilitator.verify(payment, requirements)).toEqual({
      isValid: false,
      invalidReason: "invalid_payload",
      payer,
    });
    expect(await facilitator.settle(payment, requirements)).toEqual({
      success: false,
      errorReason: "invalid_transaction_state",
      network: "base",
      payer,
    });
  });

  it("reports 5xx, unreadable answers, timeouts and unreachable hosts as FacilitatorUnavailableError", async () => {
    const failing = await fakeFacilitator(answer(500, { isValid: true, payer }));
    await expect(
      new HttpX402Facilitator({ url: failing.url }).settle(payment, requirements),
    ).rejects.toBeInstanceOf(FacilitatorUnavailableError);
    await closeServer();

    const garbled = await fakeFacilitator(answer(200, "<html>gateway</html>"));
    await expect(
      new HttpX402Facilitator({ url: garbled.url }).verify(payment, requirements),
    ).rejects.toBeInstanceOf(FacilitatorUnavailableError);
    await closeServer();

    const silent = await fakeFacilitator(() => {
      // never answers
    });
    await expect(
      new HttpX402Facilitator({ url: silent.url, timeoutMs: 200 }).settle(payment, requirements),
    ).rejects.toBeInstanceOf(FacilitatorUnavailableError);

    await expect(
      new HttpX402Facilitator({ url: "http://127.0.0.1:9" }).verify(payment, requirements),
    ).rejects.toBeInstanceOf(FacilitatorUnavailableError);
  });
});
