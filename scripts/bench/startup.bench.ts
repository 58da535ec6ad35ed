/**
 * Start-up to the first answers (issue #11: ≤ 1 s from an existing data directory), on PGlite and
 * on PostgreSQL: `node apps/server/src/main.ts` is spawned the way `npm start` runs it, and the
 * time from spawn to the first 200 from /healthz and from the home page (`/`, server-rendered) is
 * taken. Each database is a throwaway one (lib/database.ts); a first start creates the store (demo
 * seed; the pictures it was drawing are then finished here), then STARTUP_RUNS (default 7) starts
 * from that existing data are timed and their median, min and max printed.
 * STARTUP_ENTRIES (comma-separated, default apps/server/src/main.ts) compares entries in one run:
 * e.g. `apps/server/src/main.ts,apps/server/build/main.js` (the bundle `npm start` runs, record
 * 0062; built by `node scripts/start.ts --build-only`), or entries of other checkouts given by
 * absolute path (each is run from this one's directory). The timed starts alternate between them on
 * the same data, so they share the moment's load; each entry other than the first is started once
 * untimed beforehand (the first start fills Node's compile cache for the first).
 * Needs a web build (npm run build). Usage: node scripts/bench/startup.bench.ts
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { drawDemoPictures } from "../../apps/server/src/seed/pictures.ts";
import { imageServiceForDataDir } from "../../apps/server/src/services/images/index.ts";
import { createBenchDatabase, type DatabaseKind, postgresAvailable } from "./lib/database.ts";
import { envCount, load1, log, table } from "./lib/harness.ts";

const root = path.resolve(import.meta.dirname, "../..");
const RUNS = envCount("STARTUP_RUNS", 7);
const kinds = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",") as DatabaseKind[];
const entries = (process.env.STARTUP_ENTRIES ?? "apps/server/src/main.ts")
  .split(",")
  .map((entry) => entry.trim())
  .filter(Boolean);

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

type Start = { healthz: number; home: number };

/** Spawns the server on this database, times its first answers, then stops it (SIGTERM). */
async function startOnce(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const firstOk = async (url: string): Promise<number> => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      try {
        const res = await fetch(url, { redirect: "manual" });
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > timeoutMs) throw new Error(`no answer from ${url}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  try {
    // Both polled at once: each figure is its own first 200 since spawn.
    const [healthz, home] = await Promise.all([firstOk(`${base}/healthz`), firstOk(`${base}/`)]);
    return { healthz, home };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (v: number) => `${Math.round(v)} ms`;

if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) {
  console.error("No web build: run npm run build first.");
  process.exit(1);
}
for (const entry of entries) {
  if (!existsSync(path.resolve(root, entry))) {
    console.error(`No ${entry}: the bundle is built by node scripts/start.ts --build-only.`);
    process.exit(1);
  }
}

const rows: string[][] = [];
for (const kind of kinds) {
  if (kind === "postgres" && !(await postgresAvailable())) {
    rows.push([kind, "", "skipped: PostgreSQL not reachable", "", "", ""]);
    continue;
  }
  const database = await createBenchDatabase(kind);
  try {
    const env = {
      DATA_DIR: database.env.DATA_DIR,
      DATABASE_URL: database.env.DATABASE_URL,
      SEED_DEMO: "1",
    };
    log(`${kind}: first start (seeds the demo store)`);
    const first = await startOnce(entries[0]!, env);
    // The first start was stopped while drawing the demo pictures in the background: finish them
    // here, so the timed starts find a complete store (and draw nothing).
    log(`${kind}: drawing the rest of the demo pictures`);
    const opened = await database.open();
    try {
      await drawDemoPictures(opened.db, imageServiceForDataDir(env.DATA_DIR));
    } finally {
      await opened.close();
    }
    for (const entry of entries.slice(1)) await startOnce(entry, env);
    const runs = new Map<string, Start[]>(entries.map((entry) => [entry, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const entry of entries) {
        const start = await startOnce(entry, env);
        runs.get(entry)!.push(start);
        log(`${kind}: ${entry}: run ${i + 1}/${RUNS}: /healthz ${ms(start.healthz)}`);
      }
    }
    for (const entry of entries) {
      const h = runs.get(entry)!.map((r) => r.healthz);
      const p = runs.get(entry)!.map((r) => r.home);
      rows.push([
        kind,
        entry,
        `${ms(median(h))} (${ms(Math.min(...h))}–${ms(Math.max(...h))})`,
        `${ms(median(p))} (${ms(Math.min(...p))}–${ms(Math.max(...p))})`,
        entry === entries[0] ? `${ms(first.healthz)} / ${ms(first.home)}` : "",
        load1(),
      ]);
    }
  } finally {
    await database.drop();
  }
}

console.log(`## Start-up to the first answers

\`node <entry>\` from spawn to the first 200, existing data (median of ${RUNS} starts, min–max, entries alternating); the first start is a new store (migrations, demo seed), with the first entry.

${table(["Database", "Entry", "/healthz", "/ (home page)", "First start: /healthz / home", "Load (1 min)"], rows)}
`);
