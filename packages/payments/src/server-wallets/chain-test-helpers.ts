import { evmAddress } from "@tally/commerce";
import { AppError, parseDecimalUnits, parseJsonBody } from "@tally/core";
import type { LocalChain } from "@tally/providers";
import type { Env, Hono } from "hono";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/** Gas every faucet call adds, so a funded address can also send. */
const FAUCET_NATIVE_WEI = 10n ** 18n;
/** At most this much test USDC per call (keeps a typo from minting absurd amounts). */
const FAUCET_MAX_USDC = 1_000_000n * 10n ** 6n;

const faucetBody = z.strictObject({
  address: evmAddress,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,6})?$/, 'a decimal amount of USDC, e.g. "100.00"')
    .default("1000")
    .describe('Test USDC as a decimal string (default "1000"); 1 ETH of gas is added too'),
});

/**
 * The local chain's test helpers (ARCHITECTURE §6): mounted only on a `test` deployment that runs
 * the local anvil chain, so an integrator can try every crypto flow locally. The funded wallets'
 * private keys are returned here and nowhere else: they hold test money on a private chain.
 */
export const mountChainTestHelpers = <E extends Env>(api: Hono<E>, chain: LocalChain): void => {
  api.get("/test-helpers/chain", (c) =>
    c.json({
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      usdc: chain.usdcAddress,
      fundedWallets: chain.fundedWallets.map(({ address, privateKey }) => ({ address, privateKey })),
    }),
  );
  api.post("/test-helpers/chain/faucet", async (c) => {
    const body = await parseJsonBody(faucetBody, c.req, {
      message: "Give address and an optional USDC amount",
    });
    const usdc = parseDecimalUnits(body.amount, 6);
    if (usdc > FAUCET_MAX_USDC) throw new AppError("validation_failed", "At most 1,000,000 USDC per call");
    const address = body.address as `0x${string}`;
    await chain.faucet(address, { usdc, native: FAUCET_NATIVE_WEI });
    return c.json({ address, usdc: usdc.toString(), native: FAUCET_NATIVE_WEI.toString() }, 200);
  });
};

const helperTags = ["Test helpers"];

export const chainTestHelperPaths: ZodOpenApiPathsObject = {
  "/test-helpers/chain": {
    get: {
      operationId: "test-helpers-chain",
      tags: helperTags,
      summary: "The local chain: RPC URL, chain id, USDC address and funded wallets (test deployments only)",
      description:
        "Only on a `test` deployment running the local anvil chain (never on `live`). The funded wallets hold test USDC and ETH on that private chain; their keys let you sign embedded-wallet transfers and x402 payments locally. No API key.",
      responses: {
        "200": {
          description: "The local chain",
          content: {
            "application/json": {
              schema: z.object({
                rpcUrl: z.string(),
                chainId: z.literal(8453),
                usdc: z.string(),
                fundedWallets: z.array(z.object({ address: z.string(), privateKey: z.string() })),
              }),
            },
          },
        },
      },
    },
  },
  "/test-helpers/chain/faucet": {
    post: {
      operationId: "test-helpers-chain-faucet",
      tags: helperTags,
      summary: "Fund any address with test USDC and gas on the local chain (test deployments only)",
      description:
        "Only on a `test` deployment running the local anvil chain (never on `live`). Mints test USDC (at most 1,000,000 per call) and adds 1 ETH of gas. No API key.",
      requestBody: { content: { "application/json": { schema: faucetBody } } },
      responses: {
        "200": {
          description: "Funded (amounts in smallest units)",
          content: {
            "application/json": {
              schema: z.object({ address: z.string(), usdc: z.string(), native: z.string() }),
            },
          },
        },
        "422": { description: "Invalid address or amount" },
      },
    },
  },
};
