import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({
  name: "campaigns",
  test: { include: ["src/**/*.test.ts"], globalSetup: ["@tally/testing/global-setup"] },
});
