import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load.ts";
import { envSchema } from "./schema.ts";

describe("loadConfig", () => {
  it("works with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: ".data",
      DEPLOYMENT_ENV: "test",
      RUN_WORKER: "embedded",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBeUndefined();
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", BOOTSTRAP_OPERATOR_KEY: " " }).DATABASE_URL).toBeUndefined();
  });

  it("names each invalid variable and what it expects", () => {
    try {
      loadConfig({
        PORT: "abc",
        DEPLOYMENT_ENV: "prod",
        DATABASE_URL: "mysql://x",
        BOOTSTRAP_OPERATOR_KEY: "short",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const variables = (error as ConfigError).issues.map((issue) => issue.variable).sort();
      expect(variables).toEqual(["BOOTSTRAP_OPERATOR_KEY", "DATABASE_URL", "DEPLOYMENT_ENV", "PORT"]);
      expect((error as ConfigError).message).toContain("PORT");
    }
  });
});

describe("LOCAL_ADAPTERS_ALLOWED", () => {
  it("is a comma-separated list of email, shipping, chat, storefront and llm; unset or empty is none", () => {
    expect(loadConfig({}).LOCAL_ADAPTERS_ALLOWED).toEqual([]);
    expect(loadConfig({ LOCAL_ADAPTERS_ALLOWED: " " }).LOCAL_ADAPTERS_ALLOWED).toEqual([]);
    expect(loadConfig({ LOCAL_ADAPTERS_ALLOWED: "chat, email," }).LOCAL_ADAPTERS_ALLOWED).toEqual([
      "chat",
      "email",
    ]);
  });

  it("refuses a name it does not know, naming the variable and the allowed names", () => {
    try {
      loadConfig({ LOCAL_ADAPTERS_ALLOWED: "chat,card" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([
        {
          variable: "LOCAL_ADAPTERS_ALLOWED",
          expected: "a comma-separated list of email, shipping, chat, storefront, llm",
        },
      ]);
    }
  });
});

describe("LLM_*", () => {
  it("selects nothing by default and waits 20 s for a reply", () => {
    const config = loadConfig({});
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(config.LLM_MODEL).toBeUndefined();
    expect(config.LLM_TIMEOUT_MS).toBe(20_000);
    expect(loadConfig({ LOCAL_ADAPTERS_ALLOWED: "llm" }).LOCAL_ADAPTERS_ALLOWED).toEqual(["llm"]);
  });

  it("reads an http(s) base URL with its model, key and timeout", () => {
    expect(
      loadConfig({
        LLM_BASE_URL: "http://127.0.0.1:11434/v1",
        LLM_MODEL: "llama3.1",
        LLM_API_KEY: "sk-x",
        LLM_TIMEOUT_MS: "5000",
      }),
    ).toMatchObject({
      LLM_BASE_URL: "http://127.0.0.1:11434/v1",
      LLM_MODEL: "llama3.1",
      LLM_API_KEY: "sk-x",
      LLM_TIMEOUT_MS: 5000,
    });
  });

  it("refuses a base URL without a model, a URL that is not http(s) and a timeout out of range", () => {
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).issues;
      }
      return expect.unreachable();
    };
    expect(issues({ LLM_BASE_URL: "https://api.openai.com/v1", LLM_MODEL: " " })).toEqual([
      {
        variable: "LLM_MODEL",
        expected: "required when LLM_BASE_URL is set: the model name to ask, e.g. gpt-4o-mini",
      },
    ]);
    expect(issues({ LLM_BASE_URL: "ftp://llm.example.com", LLM_MODEL: "m" }).map((i) => i.variable)).toEqual([
      "LLM_BASE_URL",
    ]);
    expect(issues({ LLM_TIMEOUT_MS: "10" }).map((i) => i.variable)).toEqual(["LLM_TIMEOUT_MS"]);
  });
});

describe("the task escrow settings", () => {
  it("lowercases the addresses and keys, and names a malformed key without echoing it", () => {
    const config = loadConfig({
      TASK_ESCROW_ADDRESS: "0x00000000000000000000000000000000000000AB",
      TASK_OPERATOR_PRIVATE_KEY: `0x${"Ab".repeat(32)}`,
      TASK_ORACLE_ADDRESS: "0x00000000000000000000000000000000000000CD",
    });
    expect(config.TASK_ESCROW_ADDRESS).toBe("0x00000000000000000000000000000000000000ab");
    expect(config.TASK_OPERATOR_PRIVATE_KEY).toBe(`0x${"ab".repeat(32)}`);
    expect(config.TASK_ORACLE_ADDRESS).toBe("0x00000000000000000000000000000000000000cd");

    const malformed = `0x${"9f".repeat(31)}`;
    const error = (() => {
      try {
        loadConfig({ TASK_ATTESTER_PRIVATE_KEY: malformed, TASK_EVALUATOR_PRIVATE_KEY: "" });
      } catch (failure) {
        return failure as ConfigError;
      }
    })();
    expect(error?.issues.map((issue) => issue.variable)).toEqual(["TASK_ATTESTER_PRIVATE_KEY"]);
    expect(error?.message).not.toContain(malformed.slice(2));
  });
});

describe("README configuration table", () => {
  it("documents every environment variable the schema reads", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");
    const missing = Object.keys(envSchema.shape).filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
