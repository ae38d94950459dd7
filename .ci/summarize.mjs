// Adds up the vitest JSON reports of every package and both databases into one closing line, after
// the failed tests with the start of their messages (the run's log may be seen only by its tail).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    if (failedTests.length === 0 && suite.status === "failed") {
      failures.push({ report: file, where: suite.name, message: suite.message ?? "" });
    }
    for (const test of failedTests) {
      failures.push({
        report: file,
        where: `${suite.name} > ${test.fullName}`,
        message: (test.failureMessages ?? []).join("\n"),
      });
    }
  }
}
for (const failure of failures) {
  const firstLines = failure.message.split("\n").slice(0, 12).join("\n    ");
  console.log(`FAILED [${failure.report}] ${failure.where}\n    ${firstLines}`);
}
if (passed + failed === 0) {
  console.error("no test results were recorded");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
