import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({
  name: "api",
  test: { include: ["test/**/*.test.ts"], globalSetup: ["@tally/testing/global-setup"] },
});
