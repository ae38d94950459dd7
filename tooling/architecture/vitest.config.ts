import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "architecture", test: { include: ["src/**/*.test.ts"] } });
