import { useHarness } from "@tally/testing";
import { it } from "vitest";
import { FUZZ_SHARDS, fuzzShard } from "./fuzz-shard.ts";

const h = useHarness({ env: { RUN_WORKER: "off" } });

it(
  `no fuzzed call of shard 2/${FUZZ_SHARDS} answers 5xx, errors keep the spec's shape, a refused call writes nothing`,
  () => fuzzShard(h, 1),
  600_000,
);
