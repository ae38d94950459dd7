import { tallyVitestConfig } from "@tally/vitest-config";

export default tallyVitestConfig({ name: "trpc", test: { include: ["src/**/*.test.ts"] } });
