#!/usr/bin/env node
// The TypeScript CLI, loaded by Node's own type stripping (Node 24, which the repository pins).
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  process.stderr.write(`tally needs Node 24 or later (this is ${process.version}); run it through pnpm.\n`);
  process.exit(1);
}
await import("../src/cli.ts");
