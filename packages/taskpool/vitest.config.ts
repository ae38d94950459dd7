import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({
  name: "taskpool",
  test: { include: ["src/**/*.test.ts"], globalSetup: ["@tally/testing/global-setup"] },
});
