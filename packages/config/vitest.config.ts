import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "config", test: { include: ["src/**/*.test.ts"] } });
