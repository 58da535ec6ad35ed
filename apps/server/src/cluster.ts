/**
 * `npm run serve:cluster`: the store in WORKERS processes (default: one per CPU) sharing one port,
 * with node:cluster (the primary accepts the connections and hands them out in turn). This file is
 * the primary; every worker runs main.ts, exactly as `npm run serve` does. Record 0031.
 *
 * - Settings are checked here first (one line on error). Outside production an unset APP_SECRET is
 *   generated here (DATA_DIR/app-secret) before any worker starts, so every worker signs alike.
 * - PGlite's files belong to one process: WORKERS above 1 without DATABASE_URL is refused.
 *   Without REDIS_URL each worker counts rate limits on its own: a warning says so.
 * - Migrations run here, once, before any worker starts: drizzle's migrator takes no lock, and
 *   several processes migrating one database at the same moment would race. Each worker's own
 *   migrate then finds nothing to do.
 * - The demo seed is left to the workers: seedDemo seeds under an advisory lock and looks again
 *   inside it, so exactly one worker seeds, and only that one prints the new admin's password.
 * - A worker that dies while the cluster serves is replaced after a pause that doubles with each
 *   quick death in a row (one within STABLE_MS of its start): 1 s, 2 s, 4 s … up to 30 s; 0.5 s
 *   after a worker that had run for a while. A worker that dies before the cluster first served
 *   means start-up failed (database unreachable, port taken…): everything stops, exit code 1.
 * - SIGTERM or SIGINT: each worker is asked to stop (a message, see main.ts) and finishes what is
 *   in flight; the primary exits when all have. A second signal, or STOP_GRACE_MS without the
 *   workers gone, stops them at once (SIGKILL).
 *
 * Only node built-ins and cluster-message.ts are imported statically, so the primary starts
 * quickly. Workers run the sources' main.ts (not the bundle `npm start` builds, record 0062).
 */
import cluster, { type Address, type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { CLUSTER_STOP_MESSAGE } from "./cluster-message.ts";

export { CLUSTER_STOP_MESSAGE };

const FIRST_RESTART_MS = 1000;
const MAX_RESTART_MS = 30_000;
/** A worker that ran this long before dying was not crashing at start: its slot's back-off resets. */
const STABLE_MS = 30_000;
const AFTER_STABLE_RESTART_MS = 500;
/** Workers get 10 s to finish (main.ts's close-with-grace delay); then the primary kills them. */
const STOP_GRACE_MS = 15_000;

/** WORKERS: unset or empty means one per CPU; otherwise a whole number of at least 1. */
export function parseWorkers(
  value: string | undefined,
  cpus = availableParallelism(),
): number | undefined {
  const text = value?.trim() ?? "";
  if (text === "") return cpus;
  return /^\d+$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}

/** The pause before replacing a worker, given how many of its slot's workers died young in a row. */
export function restartDelayMs(quickDeaths: number): number {
  if (quickDeaths === 0) return AFTER_STABLE_RESTART_MS;
  return Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** (quickDeaths - 1));
}

type Slot = {
  worker: Worker | undefined;
  startedAt: number;
  quickDeaths: number;
  restart: NodeJS.Timeout | undefined;
};

const say = (line: string) => console.log(`Vastra cluster: ${line}`);
const warn = (line: string) => console.error(`Vastra cluster: ${line}`);

async function runPrimary(): Promise<void> {
  const startedAt = performance.now();
  const { ConfigError, loadConfig, loadDotEnv } = await import("./config.ts");
  loadDotEnv();
  const config = loadConfig();
  const count = parseWorkers(process.env.WORKERS);
  if (count === undefined) {
    throw new ConfigError(
      `Setting WORKERS is invalid (${JSON.stringify(process.env.WORKERS)}): must be a whole number of at least 1`,
    );
  }
  if (count > 1 && !config.databaseUrl) {
    throw new ConfigError(
      `WORKERS=${count} needs DATABASE_URL: the embedded database (PGlite) belongs to one process; set DATABASE_URL to a PostgreSQL server, or WORKERS=1`,
    );
  }
  if (count > 1 && !config.redisUrl) {
    warn(
      `REDIS_URL is unset: each of the ${count} workers counts rate limits on its own, so a client gets up to ${count} times each limit`,
    );
  }
  if (config.databaseUrl) {
    const { openConfiguredDatabase } = await import("./runtime.ts");
    const database = await openConfiguredDatabase(config);
    await database.close();
  }

  cluster.setupPrimary({ exec: fileURLToPath(new URL("./main.ts", import.meta.url)) });
  const slots: Slot[] = Array.from({ length: count }, () => ({
    worker: undefined,
    startedAt: 0,
    quickDeaths: 0,
    restart: undefined,
  }));
  const listened = new Set<Worker>();
  let serving = false;
  let stopping = false;
  let failed = false;

  const fork = (slot: Slot) => {
    slot.worker = cluster.fork();
    slot.startedAt = Date.now();
  };
  const live = () => slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
  const killAll = () => {
    for (const worker of live()) worker.process.kill("SIGKILL");
  };

  cluster.on("listening", (worker: Worker, address: Address) => {
    listened.add(worker);
    if (serving) {
      say(`worker ${worker.process.pid} is serving`);
      return;
    }
    if (!slots.every((slot) => slot.worker && listened.has(slot.worker))) return;
    serving = true;
    const pids = live().map((w) => w.process.pid);
    const ms = Math.round(performance.now() - startedAt);
    const mode = config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
    const mail = config.smtpUrl
      ? "E-mail: SMTP"
      : `E-mail: development mailbox at ${config.publicUrl}/dev/mailbox`;
    console.log(
      [
        "",
        `  Vastra is running at ${config.publicUrl} in ${count} worker process${count === 1 ? "" : "es"} (pids ${pids.join(", ")}; listening on ${address.address}:${address.port}; ready in ${ms} ms; database: ${mode})`,
        `  ${mail}`,
        "",
      ].join("\n"),
    );
  });

  cluster.on("exit", (worker: Worker, code: number, signal: string | null) => {
    const slot = slots.find((s) => s.worker === worker);
    if (!slot) return;
    slot.worker = undefined;
    listened.delete(worker);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (signal || code !== 0) failed = true;
      if (live().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!serving) {
      // Its reason is above (main.ts prints "Vastra could not start: …").
      console.error(`Vastra could not start: worker ${worker.process.pid} exited (${how})`);
      stopping = true;
      killAll();
      process.exit(1);
    }
    const lived = Date.now() - slot.startedAt;
    slot.quickDeaths = lived < STABLE_MS ? slot.quickDeaths + 1 : 0;
    const delay = restartDelayMs(slot.quickDeaths);
    warn(
      `worker ${worker.process.pid} exited (${how}) after ${(lived / 1000).toFixed(1)} s; starting another in ${delay / 1000} s`,
    );
    slot.restart = setTimeout(() => {
      slot.restart = undefined;
      if (!stopping) fork(slot);
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      warn(`second ${signal}: stopping the workers now`);
      killAll();
      process.exit(1);
    }
    stopping = true;
    for (const slot of slots) clearTimeout(slot.restart);
    const workers = live();
    say(`${signal}: stopping ${workers.length} worker${workers.length === 1 ? "" : "s"}`);
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) {
      // A worker still starting keeps the request and stops once started (main.ts).
      if (worker.isConnected()) worker.send(CLUSTER_STOP_MESSAGE);
      else worker.process.kill("SIGTERM");
    }
    setTimeout(() => {
      warn(`workers still running after ${STOP_GRACE_MS / 1000} s: stopping them now`);
      killAll();
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  for (const slot of slots) fork(slot);
}

if (import.meta.main) {
  runPrimary().catch(async (error: unknown) => {
    const { ConfigError } = await import("./config.ts");
    if (error instanceof ConfigError) console.error(`Vastra could not start: ${error.message}`);
    else console.error("Vastra could not start:", error);
    process.exit(1);
  });
}
