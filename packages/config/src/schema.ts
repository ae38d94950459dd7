import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

/** "true"/"1" or "false"/"0"; unset stays undefined so a default can depend on other settings. */
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) =>
    value === undefined || value === "" ? undefined : value === "true" || value === "1",
  );

/** An EVM address, lowercased. */
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "an address: 0x followed by 40 hex digits")
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** A secp256k1 private key, lowercased; the error never echoes the value. */
const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "a private key: 0x followed by 64 hex digits")
  .transform((value) => value.toLowerCase() as `0x${string}`);

/** The ports whose local adapter a `live` deployment runs only when `LOCAL_ADAPTERS_ALLOWED` names it. */
export const optInLocalAdapters = ["email", "shipping", "chat", "storefront", "llm"] as const;
export type OptInLocalAdapter = (typeof optInLocalAdapters)[number];

/** A comma-separated list of those ports, e.g. `chat,email`; unset or empty = none. */
const localAdapterList = optionalString
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
  )
  .pipe(
    z.array(
      z.enum(optInLocalAdapters, {
        error: `a comma-separated list of ${optInLocalAdapters.join(", ")}`,
      }),
    ),
  );

/**
 * Every setting of the service, read once from the environment at boot.
 * Keep this table and the README's configuration table in step (a test checks it).
 */
const settings = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** Connections of each of the process's two PostgreSQL pools (service and tenant role). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default(".data"),
  DEPLOYMENT_ENV: z.enum(["test", "live"]).default("test"),
  BOOTSTRAP_OPERATOR_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^svc_(test|live)_[0-9A-Za-z]{32,}$/,
        "an API key: svc_test_ or svc_live_ and 32+ letters or digits",
      )
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  EVENTS_SIGNING_KEY: optionalString.pipe(z.string().min(16, "at least 16 characters").optional()),
  EVENTS_SIGNING_KEY_NEXT: optionalString.pipe(z.string().min(16, "at least 16 characters").optional()),
  /** Local adapters a `live` deployment may run (it refuses them otherwise): `email`, `shipping`, `chat`, `storefront`, `llm`. */
  LOCAL_ADAPTERS_ALLOWED: localAdapterList,
  RUN_WORKER: z.enum(["embedded", "off"]).default("embedded"),
  /** PostgreSQL schema of the job queue (pg-boss); every process of one deployment uses the same one. */
  QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "a schema name: lowercase letters, digits and _, at most 63")
    .default("pgboss"),
  /** A killed worker's jobs are retried once their heartbeat is this old (pg-boss's floor is 10). */
  QUEUE_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3_600).default(30),
  /** How often a worker process checks the queues for lapsed heartbeats and expired jobs. */
  QUEUE_MONITOR_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  SEED_DEMO: booleanFlag,
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How long a client may take to send a request's headers; then 408 and closed (docs/decisions.md). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  /** How long a client may take to send a whole request, headers and body; at least the headers timeout. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** How long an idle keep-alive connection stays open: above the load balancer's idle timeout. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(65_000),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_FROM: z.string().default("Tally <no-reply@tally.local>"),
  CHAT_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CHAT_API_KEY: optionalString,
  STOREFRONT_ADAPTER: z.enum(["local", "admin-api"]).default("local"),
  STOREFRONT_API_VERSION: optionalString,
  STOREFRONT_ACCESS_TOKEN_HEADER: optionalString,
  CRYPTO_COMMERCE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CRYPTO_COMMERCE_API_KEY: optionalString,
  SHIPPING_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SHIPPING_API_KEY: optionalString,
  /** JSON: {name?, line1, line2?, city, state, postalCode, countryCode}; required with SHIPPING_API_KEY. */
  SHIPPING_FROM_ADDRESS: optionalString,
  /** OpenAI-compatible API base (`{LLM_BASE_URL}/chat/completions`); unset = the local llm adapter. */
  LLM_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: optionalString,
  /** The model name sent to LLM_BASE_URL; required with it. */
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(20_000),
  CARDPROC_SECRET_KEY: optionalString,
  CARDPROC_WEBHOOK_SECRET: optionalString,
  /** Base JSON-RPC endpoint; unset = a local anvil chain (chain id 8453) started with the process. */
  BASE_RPC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Confirmations an embedded-wallet transfer needs; unset = 1 on the local chain, 3 on Base. */
  CHAIN_CONFIRMATIONS: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,2}$/, "a whole number of blocks")
      .transform(Number)
      .pipe(z.number().int().min(1).max(64))
      .optional(),
  ),
  /** x402 facilitator base URL (`/verify`, `/settle`); unset = the local facilitator over the local chain. */
  X402_FACILITATOR_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Encrypts SERVER wallet private keys at rest; unset in a test deployment = a fixed development key. */
  WALLET_ENCRYPTION_KEY: optionalString.pipe(z.string().min(32, "at least 32 characters").optional()),
  /** Verifies `/webhooks/walletprovider` (Standard Webhooks `whsec_…`); unset in a test deployment = a development secret. */
  WALLETPROVIDER_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, "at least 16 characters").optional()),
  /** Signs and verifies EVENT_PASS passes (HMAC-SHA256); unset in a test deployment = a development key. */
  REWARD_PASS_SIGNING_KEY: optionalString.pipe(z.string().min(32, "at least 32 characters").optional()),
  /**
   * Signs as the reward operator on Base (owner of the factory, admin and minter of every programme's clone).
   * A secret: never logged. With REWARD_FACTORY_ADDRESS and REWARD_IMPLEMENTATION_ADDRESS, BASE_RPC_URL only.
   */
  REWARD_OPERATOR_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "a private key: 0x followed by 64 hex digits")
      .transform((value) => value.toLowerCase() as `0x${string}`)
      .optional(),
  ),
  /** The TallyRewardFactory `pnpm --filter @tally/contracts deploy:rewards` deployed on Base. */
  REWARD_FACTORY_ADDRESS: optionalString.pipe(address.optional()),
  /** The TallyReward implementation that factory clones. */
  REWARD_IMPLEMENTATION_ADDRESS: optionalString.pipe(address.optional()),
  /**
   * The TaskEscrow an operator deployed on Base (issue 25's USDC task pool). With TASK_OPERATOR_PRIVATE_KEY,
   * TASK_ATTESTER_PRIVATE_KEY, TASK_EVALUATOR_PRIVATE_KEY and TASK_ORACLE_ADDRESS, BASE_RPC_URL only: all five or none.
   */
  TASK_ESCROW_ADDRESS: optionalString.pipe(address.optional()),
  /** Signs the escrow's operator calls (pools, tasks, submissions, expiry) and pays their gas. A secret: never logged. */
  TASK_OPERATOR_PRIVATE_KEY: optionalString.pipe(privateKey.optional()),
  /** Resolves Oracle tasks on chain once the oracle's signed callback is verified. A secret: never logged. */
  TASK_ATTESTER_PRIVATE_KEY: optionalString.pipe(privateKey.optional()),
  /** Resolves AIEval tasks on chain with the llm port's verdict (or an admin's). A secret: never logged. */
  TASK_EVALUATOR_PRIVATE_KEY: optionalString.pipe(privateKey.optional()),
  /** Whose EIP-712 signature an Oracle callback (`POST /webhooks/task-verify/{taskId}`) must carry. */
  TASK_ORACLE_ADDRESS: optionalString.pipe(address.optional()),
  /** Unset: `http://127.0.0.1:${PORT}` (resolved by the composition root). */
  PUBLIC_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

/** The settings, and the rules that tie one setting to another. */
export const envSchema = settings.superRefine((config, context) => {
  if (config.LLM_BASE_URL && !config.LLM_MODEL)
    context.addIssue({
      code: "custom",
      path: ["LLM_MODEL"],
      message: "required when LLM_BASE_URL is set: the model name to ask, e.g. gpt-4o-mini",
    });
});

export type Env = z.input<typeof envSchema>;
export type Config = z.output<typeof envSchema>;
