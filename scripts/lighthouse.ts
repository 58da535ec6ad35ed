/**
 * `npm run lighthouse`: scores the storefront's home, product list and one product page with
 * Lighthouse (mobile: its default emulated Moto G Power on slow 4G, simulated throttling) in
 * Debian's Chromium, and writes the scores into docs/performance.md (between the lighthouse markers).
 *
 * It builds the web app (skip with LIGHTHOUSE_SKIP_BUILD=1), then starts the store as production
 * would (NODE_ENV=production) from a private snapshot of the build, on a fresh DATA_DIR with the
 * demo catalogue, its pictures drawn before the server answers (as e2e/serve.ts does), and removes
 * everything again. Each page is scored LIGHTHOUSE_RUNS times (default 3); the run with the median
 * performance score is kept. The full reports go to .tmp/lighthouse/*.html and *.json.
 *
 * Never downloads a browser: Chromium must be at /usr/bin/chromium (or CHROME_PATH).
 */
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "apps/web/build");

// ---------------------------------------------------------------- scoring

type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };
type PageResult = {
  name: string;
  path: string;
  scores: Scores;
  runs: number[];
  metrics: { fcp: string; lcp: string; tbt: string; cls: string; si: string };
  /** Audits of the kept run that lost points (score below 1), by category. */
  failing: string[];
};

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")}: exit ${code}`)),
    );
  });
}

/** A private copy of the build, so a rebuild elsewhere cannot swap assets mid-run. */
function snapshotBuild(into: string): void {
  const listing = () => readdirSync(built, { recursive: true }).sort().join("\n");
  for (let attempt = 1; attempt <= 30; attempt++) {
    if (existsSync(path.join(built, "server/index.js"))) {
      const before = listing();
      rmSync(into, { recursive: true, force: true });
      try {
        cpSync(built, into, { recursive: true });
        if (before === listing()) return;
      } catch {
        // a build is writing: try again
      }
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
  }
  throw new Error("No stable web build in apps/web/build");
}

async function startStore(buildDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [import.meta.filename, "serve", buildDir, String(port)], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("store ready")) resolve();
    });
    child.once("exit", (code) =>
      reject(new Error(`the store exited (${code}) before it was ready`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function main(): Promise<void> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromePath)) {
    throw new Error(
      `No Chromium at ${chromePath} (apt-get install -y chromium); none is downloaded.`,
    );
  }
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");

  if (process.env.LIGHTHOUSE_SKIP_BUILD !== "1") {
    console.error("building the web app…");
    await run("npm", ["run", "build"]);
  }
  const tmp = path.join(root, ".tmp");
  mkdirSync(tmp, { recursive: true });
  const buildDir = mkdtempSync(path.join(tmp, "lighthouse-build-"));
  const reports = path.join(tmp, "lighthouse");
  mkdirSync(reports, { recursive: true });
  snapshotBuild(buildDir);

  console.error("starting the store (demo pictures are drawn first, about half a minute)…");
  const store = await startStore(buildDir);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  const loadAtStart = loadavg()[0]!.toFixed(2);
  try {
    const listed = (await (
      await fetch(`${store.url}/api/products?isHero=true&limit=1`)
    ).json()) as Array<{ _id: string }>;
    const pages = [
      { name: "Home", path: "/" },
      { name: "Product list", path: "/products" },
      { name: "Product page", path: `/products/${listed[0]!._id}` },
    ];
    for (const page of pages) {
      const url = `${store.url}${page.path}`;
      // One unscored load first: server-side caches and the page's images are warm for every run.
      await fetch(url);
      const attempts = [];
      let retries = 0;
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: ["html", "json"],
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const failed = result.lhr.runtimeError;
        if (failed) {
          // A trace lost on a busy machine (NO_NAVSTART, NO_FCP …): run again, a few times at most.
          if (++retries > 3) throw new Error(`${url}: ${failed.code} ${failed.message}`);
          console.error(`${page.name} run ${i + 1}: ${failed.code}, running it again`);
          i--;
          continue;
        }
        attempts.push(result);
        console.error(
          `${page.name} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${score(result.lhr.categories[c]?.score)}`).join(", ")}`,
        );
      }
      attempts.sort(
        (a, b) =>
          (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
      );
      const kept = attempts[Math.floor(attempts.length / 2)]!;
      const { lhr } = kept;
      const slug = page.name.toLowerCase().replace(/\s+/g, "-");
      const [html, json] = kept.report as string[];
      writeFileSync(path.join(reports, `${slug}.html`), html!);
      writeFileSync(path.join(reports, `${slug}.json`), json!);
      // What lost points: in accessibility, best practices and SEO the weighted audits below 1;
      // in performance the metrics (weighted) and the diagnostics/insights that flag something.
      const failing: string[] = [];
      const metrics = new Set([
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ]);
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) continue;
          if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
          if (category !== "performance" && ref.weight === 0) continue;
          if (category === "performance" && metrics.has(ref.id)) continue; // in the table
          failing.push(
            `${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
          );
        }
      }
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "—";
      results.push({
        name: page.name,
        path: page.path.startsWith("/products/") ? "/products/{id}" : page.path,
        scores: {
          performance: score(lhr.categories.performance?.score),
          accessibility: score(lhr.categories.accessibility?.score),
          bestPractices: score(lhr.categories["best-practices"]?.score),
          seo: score(lhr.categories.seo?.score),
        },
        runs: attempts.map((a) => score(a.lhr.categories.performance?.score)),
        metrics: {
          fcp: metric("first-contentful-paint"),
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
          si: metric("speed-index"),
        },
        failing,
      });
    }
  } finally {
    chrome.kill();
    await store.stop();
    rmSync(buildDir, { recursive: true, force: true });
  }

  const lines = [
    "<!-- lighthouse:start (written by npm run lighthouse) -->",
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile (emulated Moto G Power, slow 4G, simulated throttling), ` +
      `Chromium at ${chromePath}, production build and NODE_ENV=production, demo catalogue; ` +
      `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average (1 min) ${loadAtStart} at the start. ` +
      `Median of ${runs} runs by performance score.`,
    "",
    "| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | performance per run |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores.bestPractices} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} | ${r.runs.join(", ")} |`,
    ),
    "",
    ...results.flatMap((r) =>
      r.failing.length === 0
        ? [`- ${r.name}: no audit lost points.`]
        : [`- ${r.name}, audits that lost points: ${r.failing.join("; ")}.`],
    ),
    "<!-- lighthouse:end -->",
  ];
  const block = lines.join("\n");
  const doc = path.join(root, "docs/performance.md");
  const text = existsSync(doc) ? readFileSync(doc, "utf8") : "# Performance\n\n## Lighthouse\n\n";
  const marked = /<!-- lighthouse:start[^>]*-->[\s\S]*?<!-- lighthouse:end -->/;
  writeFileSync(
    doc,
    marked.test(text) ? text.replace(marked, block) : `${text.trimEnd()}\n\n${block}\n`,
  );
  console.log(block);
  console.error(`\nScores written to docs/performance.md; full reports in .tmp/lighthouse/`);
}

// ---------------------------------------------------------------- the store (child process)

async function serve(): Promise<void> {
  // node scripts/lighthouse.ts serve <build dir> <port>
  const [, , , buildDir, port] = process.argv;
  const dataDir = mkdtempSync(path.join(tmpdir(), "vastra-lighthouse-data-"));
  Object.assign(process.env, {
    NODE_ENV: "production",
    APP_SECRET: "lighthouse-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    PORT: port,
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    // Production has no development mailbox; nothing is mailed while scoring anyway.
    SMTP_URL: "smtp://127.0.0.1:9",
    REDIS_URL: "",
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
  });
  const server = (file: string) =>
    import(pathToFileURL(path.join(root, "apps/server/src", file)).href);
  const { loadConfig } = await server("config.ts");
  const { startStore } = await server("server.ts");
  const store = await startStore(loadConfig(), {
    webBuildDirectory: buildDir,
    demoPicturesFirst: true,
  });
  console.log("store ready");
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    store
      .stop()
      .finally(() => rmSync(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  // The scoring process holds our stdin: when it ends (even killed outright), so do we.
  process.stdin.on("end", stop);
  process.stdin.resume();
}

if (process.argv[2] === "serve") await serve();
else await main();
