import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "contracts", test: { include: ["src/**/*.test.ts"] } });
