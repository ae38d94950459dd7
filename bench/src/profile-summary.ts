/**
 * Summarises a V8 `.cpuprofile` (from `BENCH_CPU_PROF=<dir> pnpm bench`): self time per function and
 * per package, and inclusive time of the functions whose name matches an optional filter.
 *   node src/profile-summary.ts <file.cpuprofile> [top=40] [lastSeconds]
 * With lastSeconds, only the samples of that many seconds before the profile ends are counted (the
 * bench stops the server right after the measured run, so this leaves out boot and seeding). With
 * `busiest:<seconds>`, the window of that length with the fewest idle samples is counted instead (a
 * server that outlives its scenario, as the bare server does for bare-tenant, idles at the end).
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file)
  throw new Error("usage: profile-summary <file.cpuprofile> [top] [lastSeconds | busiest:<seconds>]");
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, "utf8")) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const idleIds = new Set(
  profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id),
);
/** The start (µs) of the `seconds`-long window holding the most busy samples. */
const busiestWindowStart = (times: number[], seconds: number): number => {
  const width = seconds * 1_000_000;
  let best = { start: 0, busy: -1 };
  let busy = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    if (!idleIds.has(profile.samples[last] as number)) busy++;
    while ((times[last] as number) - (times[first] as number) > width) {
      if (!idleIds.has(profile.samples[first] as number)) busy--;
      first++;
    }
    if (busy > best.busy) best = { start: times[first] as number, busy };
  }
  return best.start;
};
if (lastArg) {
  let at = 0;
  const times = profile.timeDeltas.map((delta) => (at += delta));
  const busiest = /^busiest:(\d+(?:\.\d+)?)$/.exec(lastArg);
  const seconds = Number(busiest ? busiest[1] : lastArg);
  const from = busiest ? busiestWindowStart(times, seconds) : at - seconds * 1_000_000;
  const to = from + seconds * 1_000_000;
  profile.samples = profile.samples.filter((_, i) => (times[i] ?? 0) >= from && (times[i] ?? 0) <= to);
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const selfSamples = new Map<number, number>();
for (const sample of profile.samples) selfSamples.set(sample, (selfSamples.get(sample) ?? 0) + 1);
const total = profile.samples.length;

const where = (node: ProfileNode): string => {
  const url = node.callFrame.url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  const own = /\/work\/main\/((?:packages|apps|bench)\/[^/]+)/.exec(url)?.[1];
  if (own) return own;
  if (url.startsWith("node:")) return "node:internal";
  return url === "" ? "(native/v8)" : url;
};
const label = (node: ProfileNode): string =>
  `${node.callFrame.functionName || "(anonymous)"} ${where(node)}:${node.callFrame.lineNumber + 1}`;

const selfByFunction = new Map<string, number>();
const selfByPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, count] of selfSamples) {
  const node = byId.get(id)!;
  selfByFunction.set(label(node), (selfByFunction.get(label(node)) ?? 0) + count);
  const key = node.callFrame.url === "" ? node.callFrame.functionName || "(native)" : where(node);
  selfByPackage.set(key, (selfByPackage.get(key) ?? 0) + count);
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
    const name = label(byId.get(current)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + count);
  }
}

const print = (title: string, map: Map<string, number>, limit: number) => {
  process.stdout.write(`\n## ${title}\n`);
  for (const [name, count] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit))
    process.stdout.write(`${((100 * count) / total).toFixed(1).padStart(5)}%  ${name}\n`);
};
process.stdout.write(`${total} samples\n`);
print("self time by package", selfByPackage, 30);
print("self time by function", selfByFunction, top);
print("inclusive time by function", inclusive, top);
