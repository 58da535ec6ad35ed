/**
 * Browser tests of the built store, in Debian's Chromium (never a downloaded browser).
 * `npm run test:e2e` (scripts/e2e.ts) builds the web app first, then runs this config.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");

export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";

/** A free TCP port, chosen once in the runner and handed to the workers through the environment. */
function freePort(): string {
  return execFileSync(
    process.execPath,
    [
      "-e",
      "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: "utf8" },
  ).trim();
}
process.env.E2E_PORT ??= freePort();
const port = process.env.E2E_PORT;
// Runs started at the same time (two terminals) must not clean up each other's artifacts.
process.env.E2E_RUN_ID ??= `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${process.pid}`;
const jsonReport = process.env.E2E_JSON_REPORT ?? path.join(root, ".tmp/e2e-results.json");
const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    // Without these Chromium keeps calling home, which floods a closed network.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: path.join(root, ".tmp/e2e-artifacts", process.env.E2E_RUN_ID),
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  // CI (and any run that requires the browser tests) retries a failed test once, so one timing
  // fluke on a loaded machine does not hide a whole change; scripts/e2e.ts names every test that
  // needed the retry (FLAKY) in its summary. Locally a failure is a failure.
  retries: process.env.CI === "true" || process.env.E2E_REQUIRED === "1" ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: jsonReport }]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "mobile",
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(root, "e2e/serve.ts"))}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    env: { E2E_PORT: port },
    reuseExistingServer: false,
    // A fresh store draws its ~170 demo pictures before it answers (about 30-40 s on two cores).
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
