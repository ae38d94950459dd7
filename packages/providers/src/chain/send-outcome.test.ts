import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "../email/test-support.ts";
import { type LocalChain, startLocalChain } from "./local-chain.ts";
import { ChainError, type ChainPort } from "./port.ts";
import { createViemChain } from "./viem-chain.ts";

/**
 * A node that takes a transaction and then fails to answer: an RPC proxy in front of anvil forwards
 * every call but answers `eth_sendRawTransaction` with a 502 after anvil has accepted it.
 */
let chain: LocalChain;
let proxy: Server;
let port: ChainPort;

beforeAll(async () => {
  chain = await startLocalChain({ logger: recordingLogger() });
  proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const upstream = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const answer = await upstream.text();
    if (body.includes("eth_sendRawTransaction")) {
      response.writeHead(502).end("bad gateway");
      return;
    }
    response.writeHead(upstream.status, { "content-type": "application/json" }).end(answer);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port: proxyPort } = proxy.address() as AddressInfo;
  port = createViemChain({
    adapter: "local",
    rpcUrl: `http://127.0.0.1:${proxyPort}`,
    usdcAddress: chain.usdcAddress,
  });
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await chain?.stop();
});

describe("a send whose broadcast goes unanswered", () => {
  it("fails as unavailable but names the transaction it signed, which the chain then mines", async () => {
    const [payer] = chain.fundedWallets;
    const to = privateKeyToAddress(generatePrivateKey()).toLowerCase() as `0x${string}`;
    const error = await port
      .sendToken({ privateKey: payer!.privateKey, token: chain.usdcAddress, to, amount: 1_000_000n })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).reason).toBe("unavailable");
    const txHash = (error as ChainError).txHash;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    // The node did take it: read through anvil directly, the named transaction moved the money.
    const direct = createViemChain({
      adapter: "local",
      rpcUrl: chain.rpcUrl,
      usdcAddress: chain.usdcAddress,
    });
    expect(await direct.waitForTransaction(txHash!, { timeoutMs: 5_000 })).toMatchObject({
      status: "success",
      transfers: [{ token: chain.usdcAddress, from: payer!.address, to, value: 1_000_000n }],
    });
    expect((await direct.getBalances(to)).token).toBe(1_000_000n);
  });
});
