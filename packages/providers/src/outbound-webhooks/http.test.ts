import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpOutboundWebhookAdapter } from "./http.ts";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

const received: Received[] = [];
const answers: number[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
    const status = answers.shift() ?? 200;
    response.writeHead(status, status === 302 ? { location: "http://127.0.0.1:1/elsewhere" } : {});
    response.end("ok");
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the http outbound webhook adapter", () => {
  it("POSTs the body as is with the given headers; any answer is an answer, redirects not followed", async () => {
    const adapter = new HttpOutboundWebhookAdapter({ outbound: { allowAddresses: ["127.0.0.1"] } });
    const body = JSON.stringify({ type: "nft-redeemed", n: 1 });
    received.length = 0;
    answers.push(204, 500, 302);
    expect(await adapter.post({ url, body, headers: { "X-Signature": "abc" } })).toEqual({
      outcome: "answered",
      status: 204,
    });
    expect(received[0]).toMatchObject({
      body,
      headers: { "x-signature": "abc", "content-type": "application/json" },
    });
    expect(await adapter.post({ url, body, headers: {} })).toEqual({ outcome: "answered", status: 500 });
    expect(await adapter.post({ url, body, headers: {} })).toEqual({ outcome: "answered", status: 302 });
    expect(received).toHaveLength(3);
  });

  it("refuses loopback, private and metadata addresses for good, without connecting", async () => {
    const adapter = new HttpOutboundWebhookAdapter();
    received.length = 0;
    for (const target of [
      url,
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.7/hook",
      "http://localhost/x",
    ]) {
      const result = await adapter.post({ url: target, body: "{}", headers: {} });
      expect(result, target).toMatchObject({ outcome: "refused" });
    }
    expect(received).toHaveLength(0);
  });

  it("refusal() names what post() refuses without resolving a name, and lets the allowed addresses through", () => {
    const adapter = new HttpOutboundWebhookAdapter();
    for (const target of [
      "https://127.0.0.1/hook",
      "https://[::1]/hook",
      "https://[::ffff:10.0.0.7]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://192.168.1.10/hook",
      "https://2130706433/hook",
      "https://localhost/x",
      "https://hooks.localhost./x",
      "ftp://hooks.example.com/x",
    ])
      expect(adapter.refusal(target), target).toMatch(/may not reach|Only http and https/);
    expect(adapter.refusal("not a url")).toBe("not a URL");
    expect(adapter.refusal("https://hooks.example.com/tally")).toBeNull();
    expect(adapter.refusal("https://93.184.216.34/tally")).toBeNull();
    const local = new HttpOutboundWebhookAdapter({ outbound: { allowAddresses: ["127.0.0.1"] } });
    expect(local.refusal(url)).toBeNull();
    expect(local.refusal("https://10.0.0.7/hook")).not.toBeNull();
  });

  it("a receiver that cannot be reached is a failure worth retrying", async () => {
    const adapter = new HttpOutboundWebhookAdapter({ outbound: { allowAddresses: ["127.0.0.1"] } });
    const result = await adapter.post({ url: "http://127.0.0.1:1/hook", body: "{}", headers: {} });
    expect(result).toMatchObject({ outcome: "failed" });
  });
});
