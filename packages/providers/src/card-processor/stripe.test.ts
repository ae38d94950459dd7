import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@tally/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CardProcessorError } from "./port.ts";
import { StripeCardProcessor } from "./stripe.ts";

/**
 * The real adapter against a local server that answers as the processor's API does: what goes over
 * the wire (idempotency keys, retries with the same key) and how its errors map to the port's kinds.
 */

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: string;
}

const intent = (id: string, amount: number, status = "requires_payment_method") => ({
  id,
  object: "payment_intent",
  amount,
  currency: "usd",
  status,
  client_secret: `${id}_secret`,
  metadata: {},
  customer: null,
});

let server: Server;
let processor: StripeCardProcessor;
const seen: Seen[] = [];
/** Answers queued for the next requests (status, body); when empty, the handler's default answer. */
const scripted: { status: number; body: unknown }[] = [];

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? "";
    seen.push({
      method: request.method ?? "",
      path,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      body,
    });
    const answer = scripted.shift() ?? {
      status: 200,
      body: path.startsWith("/v1/customers")
        ? { id: "cus_1", object: "customer" }
        : intent("pi_1", Number(new URLSearchParams(body).get("amount") ?? 1000)),
    };
    response.writeHead(answer.status, { "content-type": "application/json", "request-id": "req_1" });
    response.end(JSON.stringify(answer.body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  processor = new StripeCardProcessor({
    secretKey: "sk_test_local",
    webhookSecret: "whsec_local",
    logger: createLogger({ level: "silent" }),
    host: "127.0.0.1",
    port: (server.address() as AddressInfo).port,
    protocol: "http",
  });
});

afterAll(async () => {
  server.close();
  await once(server, "close");
});

beforeEach(() => {
  seen.length = 0;
  scripted.length = 0;
});

const stripeError = (status: number, type: string, code?: string) => ({
  status,
  body: { error: { type, message: `${type} from the processor`, ...(code ? { code } : {}) } },
});

describe("the processor's SDK adapter over HTTP", () => {
  it("sends the caller's idempotency key when creating an intent, a customer and a transfer", async () => {
    const created = await processor.createPaymentIntent(
      { amount: 2500, currency: "usd", metadata: { orderId: "o1" } },
      "checkout:org:o1:0:2500:0",
    );
    expect(created).toMatchObject({ id: "pi_1", amount: 2500, status: "requires_payment_method" });
    await processor.createCustomer({ metadata: { userId: "u1" } }, "customer:org:u1");
    await processor.createTransfer(
      { amount: 900, currency: "usd", destination: "acct_1", metadata: {} },
      "payout:org:o1",
    );
    expect(seen.map(({ method, path, idempotencyKey }) => ({ method, path, idempotencyKey }))).toEqual([
      { method: "POST", path: "/v1/payment_intents", idempotencyKey: "checkout:org:o1:0:2500:0" },
      { method: "POST", path: "/v1/customers", idempotencyKey: "customer:org:u1" },
      { method: "POST", path: "/v1/transfers", idempotencyKey: "payout:org:o1" },
    ]);
  });

  it("sends the caller's idempotency key when resizing an intent", async () => {
    await processor.updatePaymentIntentAmount("pi_1", 3100, "resize:org:pi_1:3100");
    expect(seen).toMatchObject([
      { method: "POST", path: "/v1/payment_intents/pi_1", idempotencyKey: "resize:org:pi_1:3100" },
    ]);
    expect(new URLSearchParams(seen[0]!.body).get("amount")).toBe("3100");
  });

  it("retries a failed call with the same idempotency key, so the processor makes one intent", async () => {
    scripted.push(stripeError(500, "api_error"), stripeError(503, "api_error"));
    const created = await processor.createPaymentIntent(
      { amount: 1200, currency: "usd", metadata: {} },
      "checkout:org:o2:0:1200:0",
    );
    expect(created.amount).toBe(1200);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((request) => request.idempotencyKey))).toEqual(
      new Set(["checkout:org:o2:0:1200:0"]),
    );
  });

  it("maps the processor's errors to the port's kinds", async () => {
    const kindOf = async (call: () => Promise<unknown>) => {
      const error = await call().then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(CardProcessorError);
      return (error as CardProcessorError).kind;
    };
    scripted.push(stripeError(404, "invalid_request_error", "resource_missing"));
    expect(await kindOf(() => processor.cancelPaymentIntent("pi_missing"))).toBe("not_found");
    scripted.push(stripeError(400, "invalid_request_error", "payment_intent_unexpected_state"));
    expect(await kindOf(() => processor.updatePaymentIntentAmount("pi_1", 10, "k"))).toBe("invalid_request");
    scripted.push(...[0, 1, 2].map(() => stripeError(503, "api_error")));
    expect(await kindOf(() => processor.cancelPaymentIntent("pi_1"))).toBe("unavailable");
    scripted.push(stripeError(404, "invalid_request_error", "resource_missing"));
    expect(await processor.retrievePaymentIntent("pi_missing")).toBeUndefined();
  });
});
