import { type Config, envSchema } from "./schema.ts";

export class ConfigError extends Error {
  readonly issues: { variable: string; expected: string }[];

  constructor(issues: { variable: string; expected: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.expected}`).join("\n")}`);
    this.issues = issues;
    this.name = "ConfigError";
  }
}

/** Validates the environment once; a bad value names the variable and what it expects. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? "?"), expected: issue.message })),
  );
};
