import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load.ts";

describe("loadConfig", () => {
  it("works with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: ".data",
      DEPLOYMENT_ENV: "test",
      DATABASE_URL: undefined,
    });
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
