import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "db", test: { include: ["src/**/*.test.ts"] } });
