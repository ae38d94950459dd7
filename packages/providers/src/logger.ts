/**
 * The slice of a pino logger the adapters use. Structural, so a pino `Logger` (from `@tally/core`)
 * fits, and tests can pass a recorder.
 */
export interface ProviderLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
