#!/usr/bin/env node
// Runs the whole vitest suite once, then prints the plain closing line CI reads:
// "N passed, N failed, N skipped". Keeps vitest's exit code; fails when no test ran.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outFile = join(root, ".ci", "out", "vitest.json");
mkdirSync(dirname(outFile), { recursive: true });
rmSync(outFile, { force: true });

const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const args = [
  vitest,
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${outFile}`,
  ...process.argv.slice(2),
];
const run = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync(outFile, "utf8"));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that failed to load has no failed tests of its own: count it as one failure.
  if (failed === 0 && report.numFailedTestSuites) failed = report.numFailedTestSuites;
} catch {
  console.error("test: vitest wrote no JSON report");
  failed = Math.max(failed, 1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
let code = run.status ?? 1;
if (passed + failed === 0) {
  console.error("test: no test ran");
  code = 1;
}
process.exit(code);
