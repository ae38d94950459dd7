import { useHarness } from "@tally/testing";
import { it } from "vitest";
import { FUZZ_SHARDS, fuzzShard } from "./fuzz-shard.ts";

const h = useHarness({ env: { RUN_WORKER: "off" } });

it(
  `no fuzzed call of shard 1/${FUZZ_SHARDS} answers 5xx, errors keep the spec's shape, a refused call writes nothing`,
  () => fuzzShard(h, 0),
  600_000,
);
