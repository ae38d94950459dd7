import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, type Hex, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalChain, startLocalChain } from "../chain/local-chain.ts";
import { localClients } from "../chain/test-support.ts";
import { recordingLogger } from "../email/test-support.ts";
import { type BaseTaskEscrowOptions, createBaseTaskEscrow } from "./base.ts";
import { createLocalTaskEscrow } from "./local.ts";
import { TaskEscrowError } from "./port.ts";
import { deployTaskEscrowAsBase } from "./test-support.ts";

/** The behaviours every adapter shares run in contract.test.ts; these are configuration, gas and RPC failures. */

const randomId = (): Hex => toHex(randomBytes(32));

const rejection = async (call: Promise<unknown>): Promise<TaskEscrowError> => {
  const error = await call.then(
    () => {
      throw new Error("the call succeeded");
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TaskEscrowError);
  return error as TaskEscrowError;
};

/**
 * A JSON-RPC proxy to anvil that, while `loseNextBroadcast` is set, forwards one `eth_sendRawTransaction` and
 * then answers 502: the transaction is sent, its answer lost.
 */
const lossyProxy = async (target: string) => {
  const state = { loseNextBroadcast: false };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const forwarded = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const answer = await forwarded.text();
    if (state.loseNextBroadcast && body.includes("eth_sendRawTransaction")) {
      state.loseNextBroadcast = false;
      response.writeHead(502).end("bad gateway");
      return;
    }
    response.writeHead(forwarded.status, { "content-type": "application/json" }).end(answer);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe("the Base task escrow", () => {
  let chain: LocalChain;
  const logger = recordingLogger();
  let deployed: BaseTaskEscrowOptions;
  beforeAll(async () => {
    chain = await startLocalChain({ logger });
    deployed = await deployTaskEscrowAsBase(chain, logger);
  });
  afterAll(() => chain?.stop());

  it("answers unavailable, logged, when TASK_ESCROW_ADDRESS has no code or another role holder", async () => {
    const noCode = createBaseTaskEscrow({
      ...deployed,
      escrowAddress: "0x00000000000000000000000000000000000000d1",
    });
    const missing = await rejection(noCode.contracts());
    expect(missing.reason).toBe("unavailable");
    expect(missing.message).toMatch(/TASK_ESCROW_ADDRESS 0x0+d1 has no code/);

    const strangerKey = generatePrivateKey();
    const wrongAttester = createBaseTaskEscrow({ ...deployed, attesterPrivateKey: strangerKey });
    const mismatch = await rejection(wrongAttester.registerPool(randomId()));
    expect(mismatch.reason).toBe("unavailable");
    expect(mismatch.message).toContain("TASK_ATTESTER_PRIVATE_KEY");
    expect(
      logger.lines.some((line) => /task escrow misconfigured: the escrow's attester/.test(line.msg ?? "")),
    ).toBe(true);
    expect(JSON.stringify(logger.lines)).not.toContain(strangerKey.slice(2));

    const otherToken = createBaseTaskEscrow({
      ...deployed,
      usdcAddress: "0x00000000000000000000000000000000000000d2",
    });
    expect((await rejection(otherToken.contracts())).message).toMatch(/not USDC 0x0+d2/);
  });

  it("answers unavailable and logs the address (never the key) when a role cannot pay for gas", async () => {
    const fresh = await deployTaskEscrowAsBase(chain, logger);
    const { testClient } = localClients(chain.rpcUrl);
    const operator = privateKeyToAccount(fresh.operatorPrivateKey).address;
    await testClient.setBalance({ address: operator, value: 0n });
    const escrow = createBaseTaskEscrow(fresh);
    const logged = logger.lines.length;

    const broke = await rejection(escrow.registerPool(randomId()));
    expect(broke.reason).toBe("unavailable");
    expect(broke.message).toMatch(/operator cannot pay for gas/);
    const warning = logger.lines.slice(logged).find((line) => /cannot pay for gas/.test(line.msg ?? ""));
    expect(warning?.obj).toMatchObject({
      adapter: "base",
      role: "operator",
      address: operator.toLowerCase(),
    });
    expect(JSON.stringify(logger.lines)).not.toContain(fresh.operatorPrivateKey.slice(2));
  });

  it("answers unavailable with the transaction's hash when the node took a send but its answer was lost", async () => {
    const proxy = await lossyProxy(chain.rpcUrl);
    try {
      const escrow = createBaseTaskEscrow({ ...deployed, rpcUrl: proxy.url });
      const tenantId = randomId();
      await escrow.contracts();
      proxy.state.loseNextBroadcast = true;
      const lost = await rejection(escrow.registerPool(tenantId));
      expect(lost.reason).toBe("unavailable");
      expect(lost.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      // It was sent, and mined: the hash is the caller's to reconcile with.
      const { publicClient } = localClients(chain.rpcUrl);
      const receipt = await publicClient.waitForTransactionReceipt({ hash: lost.txHash! });
      expect(receipt.status).toBe("success");
      expect(await escrow.isPoolRegistered(tenantId)).toBe(true);
      // The next send of the key takes the next nonce.
      expect(await escrow.registerPool(randomId())).not.toBeNull();
    } finally {
      await proxy.close();
    }
  });

  it("answers unavailable when the RPC cannot be reached", async () => {
    const unreachable = { ...deployed, rpcUrl: "http://127.0.0.1:9" };
    expect((await rejection(createBaseTaskEscrow(unreachable).contracts())).reason).toBe("unavailable");
    const local = createLocalTaskEscrow({
      rpcUrl: "http://127.0.0.1:9",
      chainId: 8453,
      usdcAddress: chain.usdcAddress as Address,
      logger,
    });
    expect((await rejection(local.poolBalance(randomId()))).reason).toBe("unavailable");
  });
});
