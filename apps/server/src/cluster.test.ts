/**
 * `npm run serve:cluster` (cluster.ts) as an operator runs it: the real primary in its own process,
 * its workers running main.ts with the web app, answering on one port.
 *
 * On PostgreSQL: two workers start on a fresh, unmigrated database (the primary migrates once,
 * before forking, so neither worker crashes in a migration race), both answer /healthz on the one
 * port, a worker killed with kill -9 is replaced while the other keeps answering, and SIGTERM stops
 * both gracefully. Which process answered is read from the request log lines (pino's `pid` field,
 * every request logged at LOG_LEVEL=debug): no test-only header in the app.
 *
 * On PGlite (no database server to share): WORKERS=2 is refused with one line, and WORKERS=1 runs
 * the embedded database in its one worker, serves, and stops gracefully.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import {
  makeTempDir,
  setupTestDatabase,
  TEST_APP_SECRET,
  testDatabaseKind,
  vitestHooks,
} from "../test/helpers.ts";
import { rowsOf } from "./db/client.ts";

const CLUSTER = path.join(import.meta.dirname, "cluster.ts");
const JOURNAL = path.join(import.meta.dirname, "../drizzle/meta/_journal.json");
/** Two full stores start on a 2-core machine shared with other tests. */
const START_MS = 60_000;

type Exit = { code: number | null; signal: NodeJS.Signals | null };

type Running = {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exit: Promise<Exit>;
  /** Resolves with the first match in stdout + stderr; fails on exit or after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpExecArray>;
};

/** The settings every run gets; `env` on top. Runs in an empty directory (no .env read). */
function startCluster(env: Record<string, string>): Running {
  const inherited = { ...process.env };
  for (const name of ["DATABASE_URL", "WORKERS", "REDIS_URL", "SMTP_URL", "PUBLIC_URL"]) {
    delete inherited[name];
  }
  const child = spawn(process.execPath, [CLUSTER], {
    cwd: makeTempDir("vastra-cluster-cwd-"),
    env: {
      ...inherited,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: makeTempDir("vastra-cluster-data-"),
      APP_SECRET: TEST_APP_SECRET,
      SEED_DEMO: "0",
      LOG_LEVEL: "debug",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<Exit>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
  // A test that failed half-way leaves nothing running (the workers exit with their primary).
  vitestHooks.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exit,
    async waitFor(pattern, ms = START_MS) {
      const deadline = performance.now() + ms;
      for (;;) {
        const found = pattern.exec(out + err);
        if (found) return found;
        if (exited || performance.now() > deadline) {
          throw new Error(
            `${exited ? "exited" : "timed out"} before ${pattern}:\n${out}\n--- stderr ---\n${err}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** GET on a connection of its own, so the primary hands each request to the next worker. */
function getFresh(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: url, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

type LogLine = { pid?: number; msg?: string; url?: string; status?: number };

function logLines(text: string): LogLine[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The pids whose request log shows a /healthz answer, from the `from`th log line on. */
function healthzPids(running: Running, from = 0): Set<number> {
  return new Set(
    logLines(running.stdout())
      .slice(from)
      .filter((l) => l.msg === "request completed" && l.url === "/healthz" && l.status === 200)
      .map((l) => l.pid!),
  );
}

/** Asks /healthz on fresh connections until every pid in `wanted` has answered (at most `tries`). */
async function untilAnswered(running: Running, port: number, wanted: number[], tries = 40) {
  const from = logLines(running.stdout()).length;
  for (let i = 0; i < tries; i++) {
    const res = await getFresh(port, "/healthz");
    expect(res.status).toBe(200);
    // The log line is written as the answer goes out; give it a moment to arrive.
    for (
      let wait = 0;
      wait < 20 && healthzPids(running, from).size < Math.min(i + 1, wanted.length);
      wait++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (wanted.every((pid) => healthzPids(running, from).has(pid))) return;
  }
  throw new Error(
    `not every worker answered: wanted ${wanted.join(", ")}, got ${[...healthzPids(running, from)].join(", ")}`,
  );
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const byNumber = (a: number | undefined, b: number | undefined) => (a ?? 0) - (b ?? 0);

const BANNER = /in (\d+) worker process(?:es)? \(pids ([\d, ]+); listening on 127\.0\.0\.1:(\d+);/;

describe("npm run serve:cluster", () => {
  it("refuses a WORKERS that is not a whole number of at least 1, in one line", async () => {
    const running = startCluster({ WORKERS: "0" });
    expect(await running.exit).toEqual({ code: 1, signal: null });
    expect(running.stderr().trim().split("\n")).toEqual([
      'Vastra could not start: Setting WORKERS is invalid ("0"): must be a whole number of at least 1',
    ]);
    expect(running.stdout()).toBe("");
  });

  it(testDatabaseKind() === "postgres"
    ? "runs 2 workers on one port on a fresh database, replaces one killed with kill -9 while the other serves, stops both on SIGTERM"
    : "refuses WORKERS=2 on the embedded database in one line; WORKERS=1 serves from one worker and stops on SIGTERM", {
    timeout: 150_000,
  }, async () => {
    if (testDatabaseKind() === "pglite") {
      const refused = startCluster({ WORKERS: "2" });
      expect(await refused.exit).toEqual({ code: 1, signal: null });
      expect(refused.stderr().trim().split("\n")).toEqual([
        "Vastra could not start: WORKERS=2 needs DATABASE_URL: the embedded database (PGlite) belongs to one process; set DATABASE_URL to a PostgreSQL server, or WORKERS=1",
      ]);

      const running = startCluster({ WORKERS: "1" });
      const [, count, pidList, port] = await running.waitFor(BANNER);
      expect(count).toBe("1");
      const [pid] = pidList!.split(", ").map(Number);
      expect(running.stdout()).toMatch(/database: PGlite in /);
      await untilAnswered(running, Number(port), [pid!]);
      expect((await getFresh(Number(port), "/readyz")).status).toBe(200);

      running.child.kill("SIGTERM");
      expect(await running.exit).toEqual({ code: 0, signal: null });
      const stops = logLines(running.stdout()).filter((l) => l.msg === "shutting down");
      expect(stops.map((l) => l.pid)).toEqual([pid]);
      expect(isRunning(pid!)).toBe(false);
      return;
    }

    // A database the primary must migrate itself (no tables yet).
    const database = await setupTestDatabase({ migrate: false });
    const url = new URL(inject("testDatabaseUrl"));
    url.pathname = `/${database.name}`;
    const running = startCluster({ WORKERS: "2", DATABASE_URL: url.href });
    const [, count, pidList, portText] = await running.waitFor(BANNER);
    const port = Number(portText);
    expect(count).toBe("2");
    const pids = pidList!.split(", ").map(Number);
    expect(new Set(pids).size).toBe(2);
    // Neither worker died in start-up (a migration race would have killed one).
    expect(running.stderr()).not.toMatch(/exited/);

    // Every migration ran, and each once.
    const journal = JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: unknown[] };
    const [applied] = rowsOf<{ runs: number; distinct: number }>(
      await database.db.execute(
        sql`select count(*)::int as runs, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      ),
    );
    expect(applied).toEqual({ runs: journal.entries.length, distinct: journal.entries.length });

    // Both processes answer on the one port.
    await untilAnswered(running, port, pids);

    // kill -9 one: the other keeps answering meanwhile, and a new worker takes its place.
    const [victim, survivor] = pids as [number, number];
    process.kill(victim, "SIGKILL");
    await running.waitFor(
      new RegExp(
        `worker ${victim} exited \\(signal SIGKILL\\) after [\\d.]+ s; starting another in 1 s`,
      ),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await getFresh(port, "/healthz")).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const [, replacement] = await running.waitFor(/worker (\d+) is serving/);
    await untilAnswered(running, port, [survivor, Number(replacement)]);
    expect(isRunning(victim)).toBe(false);

    // SIGTERM: both stop gracefully and the primary exits 0.
    running.child.kill("SIGTERM");
    expect(await running.exit).toEqual({ code: 0, signal: null });
    const stops = logLines(running.stdout()).filter((l) => l.msg === "shutting down");
    expect(stops.map((l) => l.pid).sort(byNumber)).toEqual(
      [survivor, Number(replacement)].sort(byNumber),
    );
    expect(isRunning(survivor)).toBe(false);
    expect(isRunning(Number(replacement))).toBe(false);
  });
});
