/**
 * What every bench script shares: settings from the environment, progress on stderr (stdout is the
 * markdown section), the server under test in its own process (lib/serve.ts), and one load run with
 * autocannon whose every response time is kept, so any percentile (p95 included) is exact.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type DatabaseKind, postgresAvailable } from "./database.ts";

export const settings = {
  /** Seconds of each measured load run. */
  duration: Number(process.env.BENCH_DURATION ?? 10),
  /** Seconds of the warm-up run before each measured one (not counted). */
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
  /** Which databases: "pglite,postgres" by default. */
  databases: (process.env.BENCH_DATABASES ?? "pglite,postgres")
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is "pglite" | "postgres" => s === "pglite" || s === "postgres"),
};

/** Progress for the person watching; stdout is kept for the report. */
export const log = (line: string) => process.stderr.write(`${line}\n`);

/** The 1-minute load average now, for the report (the machine is shared). */
export const load1 = () => loadavg()[0]!.toFixed(2);

export type RunningServer = { url: string; stop(): Promise<void> };

/** Starts lib/serve.ts in `mode` with this environment; resolves once it listens. */
export async function startServer(
  mode: "app" | "web" | "hello",
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "serve.ts"), mode],
    // stdin stays open: the server stops when it closes (this process ended).
    { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(
      () => reject(new Error(`${mode} server: no port within 120 s`)),
      120_000,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\d+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} server exited with ${code} before listening`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type LoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  /** Responses per second over the run. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Responses with a status other than the expected one, and socket errors/timeouts. */
  failures: number;
  /** What the failures were: "409 ×3", "timeout ×2" … */
  failureKinds: string;
  /** The 1-minute load average at the end of the run. */
  load: string;
};

export type LoadOptions = {
  url: string;
  connections: number;
  /** Seconds (ignored when `amount` is set). */
  duration?: number;
  /** Stop after this many requests. */
  amount?: number;
  /** Statuses that count as success (default: any 2xx). */
  ok?: (status: number) => boolean;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (per-connection state in `context`). */
  setupRequest?: (
    request: autocannon.Request,
    context: Record<string, unknown>,
  ) => autocannon.Request;
  /** Skip the warm-up run. */
  noWarmup?: boolean;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function once(options: LoadOptions, duration: number): Promise<LoadResult> {
  const times: number[] = [];
  let failures = 0;
  const kinds = new Map<string, number>();
  const ok = options.ok ?? ((s: number) => s >= 200 && s < 300);
  const started = performance.now();
  let lastAnswer = started;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration }),
    timeout: 30,
    method: options.method ?? "GET",
    headers: {
      // What Chromium sends: API answers over 1 KiB are compressed as for a real browser.
      "accept-encoding": "gzip, deflate, br, zstd",
      accept: "application/json",
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.setupRequest
      ? { requests: [{ setupRequest: options.setupRequest as never }] }
      : {}),
  });
  (instance as unknown as NodeJS.EventEmitter).on(
    "response",
    (_client: unknown, status: number, _bytes: number, time: number) => {
      times.push(time);
      lastAnswer = performance.now();
      if (!ok(status)) {
        failures++;
        kinds.set(String(status), (kinds.get(String(status)) ?? 0) + 1);
      }
    },
  );
  const result = await instance;
  // A run of `amount` requests ends on autocannon's next one-second tick after its last answer:
  // timed to that tick, orders/s came out as the amount over whole seconds (2,000 orders: 181, 199,
  // 221/s). Such a run is timed from its start to its last answer.
  const seconds = ((options.amount ? lastAnswer : performance.now()) - started) / 1000;
  // Requests still waiting for an answer when the run ended: one per connection is normal, but
  // when the whole run answered fewer requests than there are connections the server is overloaded
  // (autocannon drops them), which the failures column then says rather than showing an empty row.
  const waiting = Math.max(0, result.requests.sent - times.length - result.errors);
  const unanswered = times.length < options.connections ? waiting : 0;
  times.sort((a, b) => a - b);
  return {
    connections: options.connections,
    seconds,
    requests: times.length,
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? 0,
    failures: failures + result.errors + unanswered,
    failureKinds: [
      ...kinds.entries(),
      ...(result.timeouts ? [["timeout", result.timeouts] as const] : []),
      ...(unanswered ? [["still waiting at the end", unanswered] as const] : []),
      ...(result.errors - result.timeouts > 0
        ? [["error", result.errors - result.timeouts] as const]
        : []),
    ]
      .map(([k, n]) => `${k} ×${n}`)
      .join(", "),
    load: load1(),
  };
}

/**
 * Waits until the server has worked off what an earlier run left queued (autocannon closes its
 * connections at the end of a run, but the server still answers every request it accepted):
 * /readyz goes through the database pool, so it answers quickly only once the queue is empty.
 */
async function drain(url: string): Promise<void> {
  const readyz = `${new URL(url).origin}/readyz`;
  const until = performance.now() + 180_000;
  while (performance.now() < until) {
    const started = performance.now();
    const ok = await fetch(readyz).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok && performance.now() - started < 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A warm-up run (unless noWarmup/amount), then the measured run, each on a drained server. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (!options.noWarmup && !options.amount && settings.warmup > 0) {
    await drain(options.url);
    await once(options, settings.warmup);
  }
  await drain(options.url);
  const result = await once(options, options.duration ?? settings.duration);
  await drain(options.url);
  return result;
}

const ms = (v: number) => (v >= 100 ? Math.round(v).toString() : v.toFixed(1));
export const num = (v: number) => Math.round(v).toLocaleString("en-US");

/**
 * A markdown table row of a load result: req/s, its share of the same run's hello-world baseline,
 * p50, p95, p99, max, failures, load.
 */
export function resultCells(r: LoadResult, baseline?: LoadResult): string[] {
  return [
    num(r.rps),
    baseline && baseline.rps > 0 ? `${((100 * r.rps) / baseline.rps).toFixed(1)} %` : "—",
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    ms(r.max),
    `${num(r.requests)} / ${num(r.failures)}${r.failureKinds ? ` (${r.failureKinds})` : ""}`,
    r.load,
  ];
}
export const RESULT_HEADERS = [
  "req/s",
  "% of hello",
  "p50 ms",
  "p95 ms",
  "p99 ms",
  "max ms",
  "responses / failed",
  "load (1 min)",
];

/** A target of issue #11 for one row: a share of hello and/or a p99 bound. */
export type Target = { pct?: number; p99?: number };

/** "≥ 20 % · p99 ≤ 50 ms: met" (or "missed: 3.1 %, p99 812 ms"); failures always miss. */
export function verdict(r: LoadResult, baseline: LoadResult, target: Target): string {
  const wanted: string[] = [];
  const short: string[] = [];
  const pct = baseline.rps > 0 ? (100 * r.rps) / baseline.rps : 0;
  if (target.pct !== undefined) {
    wanted.push(`≥ ${target.pct} %`);
    if (pct < target.pct) short.push(`${pct.toFixed(1)} %`);
  }
  if (target.p99 !== undefined) {
    wanted.push(`p99 ≤ ${target.p99} ms`);
    if (r.p99 > target.p99) short.push(`p99 ${ms(r.p99)} ms`);
  }
  if (r.failures > 0) short.push(`${num(r.failures)} failed`);
  return `${wanted.join(" · ")}: ${short.length === 0 ? "**met**" : `missed (${short.join(", ")})`}`;
}

/** Exact percentile of a sorted list. */
export { percentile };

export function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Integer with a thousands separator, from an environment variable or the default. */
export function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

/**
 * The run every load bench makes: the raw node:http hello-world baseline at `connections`, then
 * `benchDatabase` on each database of BENCH_DATABASES (PostgreSQL skipped, and said so, when no
 * server answers at TEST_DATABASE_URL), then the baseline again. On a shared machine one hello run
 * can land in a busy moment and flatter every "% of hello"; `baseline` is the faster of the two
 * (the stricter denominator), `baselineNote` says both.
 */
export async function baselineThenDatabases<R>(
  connections: number,
  benchDatabase: (kind: DatabaseKind) => Promise<R>,
): Promise<{
  loadAtStart: string;
  baseline: LoadResult;
  baselineNote: string;
  results: R[];
  skipped: string[];
}> {
  const loadAtStart = load1();
  const hello = async (when: string) => {
    log(`baseline (${when}): node:http hello-world`);
    const server = await startServer("hello");
    return measure({ url: `${server.url}/`, connections }).finally(() => server.stop());
  };
  const first = await hello("start");
  const results: R[] = [];
  const skipped: string[] = [];
  for (const kind of settings.databases) {
    if (kind === "postgres" && !(await postgresAvailable())) {
      skipped.push("PostgreSQL (no server answered at TEST_DATABASE_URL)");
      continue;
    }
    results.push(await benchDatabase(kind as DatabaseKind));
  }
  const last = await hello("end");
  const baseline = last.rps > first.rps ? last : first;
  const baselineNote =
    `Hello-world at the start ${num(first.rps)} req/s (load ${first.load}), at the end ` +
    `${num(last.rps)} req/s (load ${last.load}); "% of hello" is of the faster one.`;
  return { loadAtStart, baseline, baselineNote, results, skipped };
}
