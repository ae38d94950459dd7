/**
 * Time per megabyte of the JSON body limits (`parseJsonText`, what every transport runs) for the
 * shapes a hostile client sends: deep nesting, many values, one long string, many keys; each
 * refused by a limit, plus a well-formed body of the same size that passes (for scale, the plain
 * `JSON.parse` of it too). Median of ROUNDS runs. `pnpm --filter @tally/bench bench:json`.
 */
import { parseJsonText } from "@tally/core";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const MEGABYTE = 1024 * 1024;

const shapes: Record<string, string> = {
  "deep (refused)": `${"[".repeat(MEGABYTE / 2)}${"]".repeat(MEGABYTE / 2)}`,
  "wide (refused)": `[${"0,".repeat(MEGABYTE / 2 - 1)}0]`,
  "long string (refused)": JSON.stringify({ text: "x".repeat(MEGABYTE - 20) }),
  "many keys (refused)": `{${Array.from({ length: MEGABYTE / 16 }, (_, i) => `"k${String(i).padStart(10, "0")}":1`).join(",")}}`,
  "accepted: 9,000 short strings": JSON.stringify(
    Array.from({ length: 9_000 }, (_, i) => `item ${i} ${"x".repeat(MEGABYTE / 9_000 - 20)}`),
  ),
};

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const time = (run: () => void): number => {
  const started = process.hrtime.bigint();
  try {
    run();
  } catch {
    // Refusals are the point of most shapes.
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
};

console.log(`JSON body limits: median of ${ROUNDS} runs, milliseconds per MB`);
console.log("shape".padEnd(34), "parseJsonText".padStart(14), "JSON.parse".padStart(12));
for (const [name, text] of Object.entries(shapes)) {
  const megabytes = Buffer.byteLength(text) / MEGABYTE;
  const guarded = median(Array.from({ length: ROUNDS }, () => time(() => parseJsonText(text)))) / megabytes;
  const plain = median(Array.from({ length: ROUNDS }, () => time(() => JSON.parse(text)))) / megabytes;
  console.log(name.padEnd(34), guarded.toFixed(2).padStart(14), plain.toFixed(2).padStart(12));
}
