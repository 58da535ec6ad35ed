/**
 * `npm run test:e2e` (also run by scripts/test.ts): builds the web app and runs the Playwright browser
 * tests in Debian's Chromium, then writes .tmp/e2e-summary.json as { passed, failed } (each test in
 * each project counts once).
 *
 * Without /usr/bin/chromium the run fails with one line when E2E_REQUIRED=1 or CI=true; otherwise it
 * says loudly that the browser tests were NOT run and writes { passed: 0, failed: 0, notRun: true }.
 * Extra arguments go to Playwright: `npm run test:e2e -- shell.spec.ts --project=desktop`.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
const summaryFile = path.join(tmp, "e2e-summary.json");
const resultsFile = path.join(tmp, "e2e-results.json");
const artifactsDir = path.join(tmp, "e2e-artifacts");
// This run's own names, so two runs at once (two terminals) do not overwrite each other.
const runId = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${process.pid}`;
const runReport = path.join(tmp, `e2e-results.${runId}.json`);
const chromium = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";
const bin = path.join(root, "node_modules/.bin");

type Summary = {
  passed: number;
  failed: number;
  skipped?: number;
  /** Tests that failed, then passed on their one retry (CI only): counted as passed, named. */
  flaky?: string[];
  notRun?: true;
  reason?: string;
};

function writeSummary(summary: Summary): void {
  mkdirSync(tmp, { recursive: true });
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
}

/** Runs a command with node 24 first on PATH, output passed through; returns its exit code. */
function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: [path.dirname(process.execPath), bin, process.env.PATH].join(path.delimiter),
      E2E_RUN_ID: runId,
      E2E_JSON_REPORT: runReport,
    },
  });
  if (result.error) {
    console.error(`e2e: could not run ${command}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

function main(): number {
  if (!existsSync(chromium)) {
    const required = process.env.E2E_REQUIRED === "1" || process.env.CI === "true";
    if (required) {
      writeSummary({ passed: 0, failed: 1, reason: "chromium missing" });
      console.error("Chromium is required for browser tests: apt-get install -y chromium");
      return 1;
    }
    const bar = "!".repeat(78);
    console.warn(
      [
        "",
        bar,
        "!!  BROWSER TESTS WERE NOT RUN.",
        `!!  ${chromium} is missing. Install it with: apt-get install -y chromium`,
        "!!  (Set E2E_REQUIRED=1 or CI=true to make this a failure.)",
        bar,
        "",
      ].join("\n"),
    );
    writeSummary({ passed: 0, failed: 0, notRun: true, reason: `${chromium} is missing` });
    return 0;
  }

  // Always build (a stale build would test yesterday's pages), unless `npm test` just did.
  const built = process.env.E2E_FRESH_BUILD === "1" ? 0 : run("npm", ["run", "build"]);
  if (built !== 0) {
    writeSummary({ passed: 0, failed: 1, reason: "npm run build failed" });
    console.error("e2e: npm run build failed; browser tests not run");
    return built;
  }

  pruneOldArtifacts();
  const code = run(process.execPath, [
    path.join(root, "node_modules/@playwright/test/cli.js"),
    "test",
    "-c",
    path.join(root, "e2e/playwright.config.ts"),
    ...process.argv.slice(2),
  ]);

  const summary = summarize();
  writeSummary(summary);
  if (existsSync(runReport)) {
    copyFileSync(runReport, resultsFile);
    rmSync(runReport, { force: true });
  }
  const flaky = summary.flaky ?? [];
  if (flaky.length > 0) {
    const bar = "!".repeat(78);
    console.warn(
      [
        "",
        bar,
        `!!  ${flaky.length} FLAKY browser test${flaky.length === 1 ? "" : "s"}: failed once, passed on the retry.`,
        "!!  Their first failure is in the report above; fix the race, do not ignore it.",
        ...flaky.map((title) => `!!  - ${title}`),
        bar,
        "",
      ].join("\n"),
    );
  }
  console.log(
    `e2e: ${summary.passed} passed, ${summary.failed} failed${summary.skipped ? `, ${summary.skipped} skipped` : ""}${flaky.length ? `, ${flaky.length} of the passed flaky` : ""} (${path.relative(root, summaryFile)})`,
  );
  if (code === 0 && summary.failed > 0) return 1;
  return code;
}

/** Screenshots and traces of runs older than a day go. */
function pruneOldArtifacts(): void {
  if (!existsSync(artifactsDir)) return;
  const dayAgo = Date.now() - 24 * 3600 * 1000;
  for (const name of readdirSync(artifactsDir)) {
    const dir = path.join(artifactsDir, name);
    if (statSync(dir).mtimeMs < dayAgo) rmSync(dir, { recursive: true, force: true });
  }
}

type Spec = {
  title: string;
  file: string;
  line: number;
  tests: Array<{ projectName: string; results: Array<{ status: string }>; status: string }>;
};
type Suite = { specs?: Spec[]; suites?: Suite[] };
type Report = { suites?: Suite[]; errors?: unknown[] };

/** Counts each test × project from Playwright's JSON report. */
function summarize(): Summary {
  if (!existsSync(runReport)) {
    return { passed: 0, failed: 1, reason: "Playwright wrote no report" };
  }
  const report = JSON.parse(readFileSync(runReport, "utf8")) as Report;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const flaky: string[] = [];
  const visit = (suite: Suite): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        // "expected" = passed, "skipped", "unexpected" = failed, "flaky" = passed only on retry.
        if (test.status === "expected") passed++;
        else if (test.status === "skipped") skipped++;
        else if (test.status === "flaky") {
          passed++;
          flaky.push(`[${test.projectName}] ${spec.file}:${spec.line} ${spec.title}`);
        } else failed++;
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  // Errors outside any test (a broken config, a server that did not start) count as a failure.
  if ((report.errors?.length ?? 0) > 0 && failed === 0) failed = 1;
  return { passed, failed, ...(skipped ? { skipped } : {}), ...(flaky.length ? { flaky } : {}) };
}

process.exitCode = main();
