import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "providers", test: { include: ["src/**/*.test.ts"] } });
