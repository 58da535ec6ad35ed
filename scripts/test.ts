/**
 * `npm test`: the whole suite. First `npm run typecheck` and `npm run build` (the page tests and
 * the browser tests render the real web app; a failed type check or build counts as a failed test),
 * then two steps, whatever the first ones' results:
 *   1. `vitest run`: every project of vitest.config.ts (server tests on PGlite, and on PostgreSQL
 *      too when TEST_DATABASE_URL is set);
 *   2. the browser tests, `node scripts/e2e.ts`, which writes .tmp/e2e-summary.json as
 *      { passed, failed, notRun? }.
 * The very last line is `Tests: N passed, M failed`, summed over both steps. The exit code is not
 * zero when a test failed or a step crashed; a step that crashed without reporting a failed test
 * (no report, a file that could not load, an error outside any test) counts as one failed test.
 *
 * To run part of the suite: `npm run test:unit -- <filter>` or `npm run test:e2e -- <spec>`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
const vitestReport = path.join(tmp, "vitest-results.json");
const e2eScript = path.join(root, "scripts/e2e.ts");
const e2eSummary = path.join(tmp, "e2e-summary.json");

type StepResult = { name: string; passed: number; failed: number; note?: string };

/** Runs a Node script with this Node (24) first on PATH, output passed through; its exit code. */
function runNode(args: string[]): number {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: [
        path.dirname(process.execPath),
        path.join(root, "node_modules/.bin"),
        process.env.PATH,
      ].join(path.delimiter),
    },
  });
  if (result.error) {
    console.error(`test: could not run ${args.join(" ")}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ status: string }>;
  }>;
};

function vitestStep(): StepResult {
  const name = "vitest";
  rmSync(vitestReport, { force: true });
  const code = runNode([
    path.join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
  ]);
  if (!existsSync(vitestReport)) {
    return { name, passed: 0, failed: 1, note: `vitest exited with code ${code} and no report` };
  }
  const report = JSON.parse(readFileSync(vitestReport, "utf8")) as VitestReport;
  // A file that failed outside its tests (could not load, a hook threw) has no failed test to count.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((t) => t.status === "failed"),
  );
  let failed = report.numFailedTests + brokenFiles.length;
  const notes = brokenFiles.map((file) => `${path.relative(root, file.name)} failed to run`);
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`vitest exited with code ${code} (an error outside any test)`);
  }
  if (!process.env.TEST_DATABASE_URL) {
    notes.push("TEST_DATABASE_URL is not set: the server tests ran on PGlite only");
  }
  return { name, passed: report.numPassedTests, failed, note: notes.join("; ") || undefined };
}

type E2eSummary = {
  passed: number;
  failed: number;
  flaky?: string[];
  notRun?: boolean;
  reason?: string;
};

function e2eStep(): StepResult {
  const name = "browser (e2e)";
  if (!existsSync(e2eScript)) {
    const required = process.env.E2E_REQUIRED === "1";
    const note = `${path.relative(root, e2eScript)} does not exist yet: browser tests skipped`;
    console.log(`\ntest: ${note}${required ? " (E2E_REQUIRED=1: counted as a failure)" : ""}`);
    return { name, passed: 0, failed: required ? 1 : 0, note };
  }
  rmSync(e2eSummary, { force: true });
  console.log("\ntest: browser tests (node scripts/e2e.ts)");
  const code = runNode([e2eScript]);
  if (!existsSync(e2eSummary)) {
    return {
      name,
      passed: 0,
      failed: 1,
      note: `scripts/e2e.ts exited with code ${code} and no summary`,
    };
  }
  const summary = JSON.parse(readFileSync(e2eSummary, "utf8")) as E2eSummary;
  let failed = Number(summary.failed) || 0;
  const passed = Number(summary.passed) || 0;
  const notes: string[] = [];
  if (summary.notRun) notes.push(`NOT RUN: ${summary.reason ?? "no reason given"}`);
  else if (summary.reason) notes.push(summary.reason);
  if (summary.flaky?.length) notes.push(`${summary.flaky.length} passed only on a retry (flaky)`);
  if (code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`scripts/e2e.ts exited with code ${code}`);
  }
  return { name, passed, failed, note: notes.join("; ") || undefined };
}

/**
 * Runs `npm run <script>` with this Node (24) first on PATH, output passed through; a failure is a
 * step with one failed test, success none.
 */
function npmStep(
  name: string,
  script: string,
  env: Record<string, string> = {},
): StepResult | undefined {
  console.log(`test: ${name} (npm run ${script})`);
  const result = spawnSync("npm", ["run", script], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      ...env,
      PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    },
  });
  if (result.status === 0) return undefined;
  return { name, passed: 0, failed: 1, note: `npm run ${script} failed` };
}

mkdirSync(tmp, { recursive: true });
// Vite builds and Node runs TypeScript unchecked: the types are checked here.
const typecheckFailure = npmStep("typecheck", "typecheck");
// Built once, fresh: the page tests in Vitest and the browser tests both use it; the store's build,
// whatever NODE_ENV the calling shell has set.
const buildFailure = npmStep("build", "build", { NODE_ENV: "production" });
// The browser tests need not build again what was just built.
if (!buildFailure) process.env.E2E_FRESH_BUILD = "1";
const steps = [
  ...(typecheckFailure ? [typecheckFailure] : []),
  ...(buildFailure ? [buildFailure] : []),
  vitestStep(),
  e2eStep(),
];
const passed = steps.reduce((sum, step) => sum + step.passed, 0);
const failed = steps.reduce((sum, step) => sum + step.failed, 0);

console.log("");
for (const step of steps) {
  const note = step.note ? ` (${step.note})` : "";
  console.log(`  ${step.name}: ${step.passed} passed, ${step.failed} failed${note}`);
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
