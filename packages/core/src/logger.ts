import { type Logger, pino } from "pino";

export type { Logger };

const redact = [
  "req.headers.authorization",
  "*.privateKey",
  "*.encryptedPrivateKey",
  "*.apiKey",
  "*.key",
  "*.secret",
  "*.password",
];

export const createLogger = (options: { level: string; name?: string }): Logger =>
  pino({
    level: options.level,
    name: options.name ?? "tally",
    redact: { paths: redact, censor: "[redacted]" },
  });
