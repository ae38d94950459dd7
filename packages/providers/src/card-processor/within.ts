import type { Executor } from "@tally/db";
import type { CardProcessorPort } from "./port.ts";
import { SandboxCardProcessor } from "./sandbox.ts";

/**
 * The processor to call from inside a transaction: the sandbox bound to it (its state commits or
 * rolls back with the caller's work), the real adapter as it is (an outside call; keep it short).
 */
export const cardProcessorWithin = (port: CardProcessorPort, executor: Executor): CardProcessorPort =>
  port instanceof SandboxCardProcessor ? port.within(executor) : port;
