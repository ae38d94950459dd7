import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compileContracts, packageRoot } from "./compile.ts";

for (const [path, text] of compileContracts()) {
  const target = join(packageRoot, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`wrote ${path} (${text.length} chars)`);
}
