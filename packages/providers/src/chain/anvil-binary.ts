import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** npm's platform and arch names onto the suffixes of `@foundry-rs/anvil`'s per-platform packages. */
const ARCHES: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/**
 * The anvil executable from `@foundry-rs/anvil`'s platform package (an optional dependency of it, so it
 * resolves from there). Spawning it directly, not the `bin.mjs` wrapper, makes the child's pid anvil's own.
 */
export const resolveAnvilBinary = (): string => {
  const arch = ARCHES[process.arch];
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`;
  try {
    const wrapperRequire = createRequire(
      createRequire(import.meta.url).resolve("@foundry-rs/anvil/package.json"),
    );
    const binary = join(
      dirname(wrapperRequire.resolve(`${platformPackage}/package.json`)),
      "bin",
      process.platform === "win32" ? "anvil.exe" : "anvil",
    );
    if (existsSync(binary)) return binary;
  } catch {
    // reported below
  }
  throw new Error(`anvil binary not found: is ${platformPackage} installed (pnpm install)?`);
};
