import { describe, expect, it } from "vitest";
import { recordingLogger } from "../email/test-support.ts";
import { spawnAnvil } from "./anvil-process.ts";

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("spawnAnvil", () => {
  it("starts anvil on a free loopback port and stops its process", async () => {
    const anvil = await spawnAnvil({ args: ["--chain-id", "8453", "--quiet"], logger: recordingLogger() });
    expect(anvil.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(isRunning(anvil.pid)).toBe(true);
    await anvil.stop();
    expect(isRunning(anvil.pid)).toBe(false);
    await anvil.stop();
  });

  it("ends anvil from the parent's exit hook when the parent exits without stop()", async () => {
    const hooksBefore = process.listeners("exit");
    const anvil = await spawnAnvil({ args: ["--quiet"], logger: recordingLogger() });
    const exitHook = process.listeners("exit").find((listener) => !hooksBefore.includes(listener));
    if (!exitHook) throw new Error("spawnAnvil registered no exit hook");
    exitHook(0);
    await expect.poll(() => isRunning(anvil.pid)).toBe(false);
    // Once anvil is gone the hook is too.
    expect(process.listeners("exit")).not.toContain(exitHook);
  });

  it("reports what anvil said when it cannot start", async () => {
    await expect(spawnAnvil({ args: ["--no-such-flag"], logger: recordingLogger() })).rejects.toThrow(
      /anvil exited while starting: .*no-such-flag/s,
    );
  });
});
