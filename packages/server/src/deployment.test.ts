import { type Config, ConfigError, loadConfig } from "@tally/config";
import { useHarness } from "@tally/testing";
import { describe, expect, it } from "vitest";
import { createRuntime, type Runtime } from "./runtime.ts";

/**
 * A live deployment runs a local email, shipping, chat, storefront or llm adapter only when LOCAL_ADAPTERS_ALLOWED
 * names it (the local ones send no mail, buy no labels, reach no chat provider and judge with no model), and says at boot
 * which adapters are real and which local. A test deployment is unaffected.
 */

const h = useHarness();

/** Everything else a live deployment requires (no connection is made at boot). */
const liveEnv = {
  LOG_LEVEL: "silent",
  EVENTS_SIGNING_KEY: "test-events-signing-key-0123456789",
  RUN_WORKER: "off",
  DEPLOYMENT_ENV: "live",
  CARDPROC_SECRET_KEY: "sk_live_not_a_real_key",
  CARDPROC_WEBHOOK_SECRET: "whsec_configured",
  CRYPTO_COMMERCE_API_KEY: "cc_live_key",
  BASE_RPC_URL: "https://base.invalid",
  X402_FACILITATOR_URL: "https://facilitator.invalid",
} as const;

const realEmailAndShipping = {
  SMTP_URL: "smtp://mail.invalid:587",
  SHIPPING_API_KEY: "shippo_live_key",
  SHIPPING_FROM_ADDRESS: JSON.stringify({
    line1: "1 Dock St",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    countryCode: "US",
  }),
};

const realLlm = { LLM_BASE_URL: "https://llm.invalid/v1", LLM_MODEL: "gpt-4o-mini" };

const boot = (env: Record<string, string>) =>
  createRuntime({ config: loadConfig({ ...liveEnv, ...env }), database: h.database, work: false });

const refusal = async (env: Record<string, string>): Promise<ConfigError> => {
  const error = await boot(env).then(
    async (runtime) => {
      await runtime.stop();
      throw new Error("the live deployment booted");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
};

const withRuntime = async (env: Record<string, string>, check: (runtime: Runtime) => void) => {
  const runtime = await boot(env);
  try {
    check(runtime);
  } finally {
    await runtime.stop();
  }
};

describe("a live deployment", () => {
  it("refuses to boot on the local email, shipping, chat, storefront and llm adapters, naming each and the opt-in", async () => {
    const error = await refusal({});
    expect(error.issues.map((issue) => issue.variable)).toEqual([
      "SMTP_URL",
      "SHIPPING_API_KEY",
      "CHAT_API_URL and CHAT_API_KEY",
      "STOREFRONT_ADAPTER",
      "LLM_BASE_URL and LLM_MODEL",
    ]);
    for (const port of ["email", "shipping", "chat", "storefront", "llm"])
      expect(error.message).toContain(`To run the local ${port} adapter anyway`);
    expect(error.message).toContain("LOCAL_ADAPTERS_ALLOWED=email,shipping,chat,storefront,llm");
  });

  it("refuses only the local adapters the opt-in leaves out", async () => {
    const error = await refusal({ LOCAL_ADAPTERS_ALLOWED: "chat,storefront,llm" });
    expect(error.issues.map((issue) => issue.variable)).toEqual(["SMTP_URL", "SHIPPING_API_KEY"]);
    // The value to set keeps what the operator already allowed.
    expect(error.message).toContain("LOCAL_ADAPTERS_ALLOWED=chat,storefront,llm,email,shipping");
    const onlyChat = await refusal({ ...realEmailAndShipping, ...realLlm, STOREFRONT_ADAPTER: "admin-api" });
    expect(onlyChat.issues.map((issue) => issue.variable)).toEqual(["CHAT_API_URL and CHAT_API_KEY"]);
    expect(onlyChat.message).toContain("LOCAL_ADAPTERS_ALLOWED=chat");
  });

  it("boots with real adapters, or local ones opted in by name, and lists which are which", async () => {
    await withRuntime(
      { ...realEmailAndShipping, ...realLlm, LOCAL_ADAPTERS_ALLOWED: "chat,storefront" },
      (runtime) => {
        expect(runtime.deps.providers.email.adapter).toBe("smtp");
        expect(runtime.deps.providers.llm.adapter).toBe("openai-compatible");
        expect(runtime.deps.providers.shipping.adapter).toBe("http");
        expect(runtime.deps.providers.chat.adapter).toBe("local");
        const [real, local] = runtime.adapterSummary.replace(/^Adapters: /, "").split("; ");
        expect(real).toContain("email (smtp)");
        expect(real).toContain("shipping (http)");
        expect(real).toContain("cardProcessor (stripe)");
        expect(real).toContain("chain (base)");
        expect(real).toContain("llm (openai-compatible)");
        expect(local).toBe("local chat (LOCAL_ADAPTERS_ALLOWED), storefront (LOCAL_ADAPTERS_ALLOWED)");
      },
    );
    await withRuntime(
      {
        ...realEmailAndShipping,
        ...realLlm,
        CHAT_API_URL: "https://chat.invalid",
        CHAT_API_KEY: "chat_live_key",
        STOREFRONT_ADAPTER: "admin-api",
      },
      (runtime) => {
        expect(runtime.deps.providers.chat.adapter).toBe("http");
        expect(runtime.adapterSummary).toContain("chat (http)");
      },
    );
    await withRuntime({ LOCAL_ADAPTERS_ALLOWED: "email,shipping,chat,storefront,llm" }, (runtime) => {
      expect(runtime.adapterSummary).toContain(
        "local chat (LOCAL_ADAPTERS_ALLOWED), email (LOCAL_ADAPTERS_ALLOWED), llm (LOCAL_ADAPTERS_ALLOWED), shipping (LOCAL_ADAPTERS_ALLOWED), storefront (LOCAL_ADAPTERS_ALLOWED)",
      );
    });
  });
});

describe("reward programmes on a live deployment", () => {
  const allowLocal = { LOCAL_ADAPTERS_ALLOWED: "email,shipping,chat,storefront,llm" };
  const rewardSettings = {
    REWARD_OPERATOR_PRIVATE_KEY: `0x${"ab".repeat(32)}`,
    REWARD_FACTORY_ADDRESS: "0x00000000000000000000000000000000000000F1",
    REWARD_IMPLEMENTATION_ADDRESS: "0x00000000000000000000000000000000000000f2",
  };

  it("run on Base with the operator key and both contract addresses, and are unavailable without them", async () => {
    await withRuntime({ ...allowLocal, ...rewardSettings }, (runtime) => {
      expect(runtime.deps.providers.rewardChain.adapter).toBe("base");
      expect(runtime.adapterSummary).toContain("rewardChain (base)");
      expect(runtime.adapterSummary).not.toContain(rewardSettings.REWARD_OPERATOR_PRIVATE_KEY.slice(2));
    });
    await withRuntime(allowLocal, (runtime) => {
      expect(runtime.deps.providers.rewardChain.adapter).toBe("unavailable");
      expect(runtime.adapterSummary).toMatch(/; unavailable .*rewardChain/);
    });
  });

  it("refuse to boot on part of the reward settings, or on a malformed key without echoing it", async () => {
    await expect(
      boot({ ...allowLocal, REWARD_OPERATOR_PRIVATE_KEY: rewardSettings.REWARD_OPERATOR_PRIVATE_KEY }),
    ).rejects.toThrow("REWARD_FACTORY_ADDRESS, REWARD_IMPLEMENTATION_ADDRESS required");
    const malformed = `0x${"cd".repeat(31)}`;
    let error: ConfigError | undefined;
    try {
      loadConfig({ ...liveEnv, ...allowLocal, ...rewardSettings, REWARD_OPERATOR_PRIVATE_KEY: malformed });
    } catch (failure) {
      error = failure as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.issues.map((issue) => issue.variable)).toEqual(["REWARD_OPERATOR_PRIVATE_KEY"]);
    expect(error?.message).not.toContain(malformed.slice(2));
  });
});

describe("the task escrow on a live deployment", () => {
  const allowLocal = { LOCAL_ADAPTERS_ALLOWED: "email,shipping,chat,storefront,llm" };
  const taskSettings = {
    TASK_ESCROW_ADDRESS: "0x00000000000000000000000000000000000000E1",
    TASK_OPERATOR_PRIVATE_KEY: `0x${"a1".repeat(32)}`,
    TASK_ATTESTER_PRIVATE_KEY: `0x${"a2".repeat(32)}`,
    TASK_EVALUATOR_PRIVATE_KEY: `0x${"a3".repeat(32)}`,
    TASK_ORACLE_ADDRESS: "0x00000000000000000000000000000000000000e2",
  };

  it("runs on Base with all five settings, is unavailable without them, and refuses part of them", async () => {
    await withRuntime({ ...allowLocal, ...taskSettings }, (runtime) => {
      expect(runtime.deps.providers.taskEscrow.adapter).toBe("base");
      for (const key of [
        "TASK_OPERATOR_PRIVATE_KEY",
        "TASK_ATTESTER_PRIVATE_KEY",
        "TASK_EVALUATOR_PRIVATE_KEY",
      ] as const)
        expect(runtime.adapterSummary).not.toContain(taskSettings[key].slice(2));
    });
    await withRuntime(allowLocal, (runtime) => {
      expect(runtime.deps.providers.taskEscrow.adapter).toBe("unavailable");
    });
    await expect(
      boot({ ...allowLocal, TASK_ESCROW_ADDRESS: taskSettings.TASK_ESCROW_ADDRESS }),
    ).rejects.toThrow("TASK_OPERATOR_PRIVATE_KEY");
  });
});

describe("a test deployment", () => {
  it("boots on every local adapter with nothing allowed, and says so (outbound webhooks are always real)", () => {
    const config: Config = h.config;
    expect(config.DEPLOYMENT_ENV).toBe("test");
    expect(config.LOCAL_ADAPTERS_ALLOWED).toEqual([]);
    const summary = (h.runtime as Runtime).adapterSummary;
    expect(summary).toMatch(/^Adapters: real outboundWebhooks \(http\); local /);
    for (const port of ["email", "shipping", "chat", "cardProcessor", "chain", "llm"])
      expect(summary).toContain(port);
    expect(summary).not.toContain("LOCAL_ADAPTERS_ALLOWED");
  });
});
