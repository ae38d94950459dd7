import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "platform", test: { include: ["src/**/*.test.ts"] } });
