import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "core", test: { include: ["src/**/*.test.ts"] } });
