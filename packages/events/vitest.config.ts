import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({
  name: "events",
  test: { include: ["src/**/*.test.ts"], teardownTimeout: 15_000 },
});
