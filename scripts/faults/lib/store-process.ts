/**
 * A real store process for the fault scenarios: `node apps/server/src/main.ts` (what `npm run serve`
 * runs), or `node apps/server/src/cluster.ts` (`npm run serve:cluster`), with the settings given
 * and nothing else of this shell's settings (any of config.ts's SETTING_NAMES in the environment is
 * dropped first, so a stray S3_BUCKET or DATABASE_URL cannot leak in). Its output goes to a log file
 * under .tmp/faults/ (read afterwards for errors). Started processes are killed when this process
 * exits, whatever the reason, so a failed scenario leaves no server behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { SETTING_NAMES } from "../../../apps/server/src/config.ts";
import { log, waitFor } from "./report.ts";

export const root = path.resolve(import.meta.dirname, "../../..");
export const logDirectory = path.join(root, ".tmp/faults");

/** A secret shared by every process of a scenario (sessions and unsubscribe links verify alike). */
export const FAULTS_APP_SECRET = "faults-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

export type StoreProcess = {
  name: string;
  pid: number;
  port: number;
  url: string;
  logFile: string;
  /** True while the process has not exited. */
  alive(): boolean;
  /** How it ended, once it has ("code 0", "signal SIGKILL"). */
  exit(): string | undefined;
  /** Sends a signal (kill -9: "SIGKILL"); resolves once it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** SIGTERM (the graceful stop), SIGKILL after 15 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** The lines of its log at level warn or above (pino JSON), and any line that is not JSON. */
  problems(): { warnings: number; errors: number; other: string[]; samples: string[] };
};

const started = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
    process.exit(130);
  });
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** GET a path; the status, or 0 when nothing answered (within 5 s). */
export async function statusOf(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Starts a store process with these settings on a free port (unless PORT is given) and waits
 * until /healthz answers 200 (120 s at most on this shared machine).
 */
export async function startStoreProcess(
  name: string,
  settings: Record<string, string>,
  options: { entry?: "main.ts" | "cluster.ts"; scenario: string },
): Promise<StoreProcess> {
  const port = Number(settings.PORT ?? (await freePort()));
  const env: Record<string, string | undefined> = { ...process.env };
  for (const setting of SETTING_NAMES) delete env[setting];
  delete env.WORKERS;
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_SECRET: FAULTS_APP_SECRET,
    SEED_DEMO: "0",
    LOG_LEVEL: "info",
    ...settings,
    PORT: String(port),
  });
  mkdirSync(logDirectory, { recursive: true });
  const logFile = path.join(logDirectory, `${options.scenario}-${name}.log`);
  const fd = openSync(logFile, "w");
  const entry = path.join(root, "apps/server/src", options.entry ?? "main.ts");
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env,
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  started.add(child);
  let ended: string | undefined;
  let asked: NodeJS.Signals | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      ended = signal ? `signal ${signal}` : `code ${code}`;
      started.delete(child);
      // A process that ends unasked is news whenever it happens: say so at once.
      if (!asked) log(`${name} (pid ${child.pid}) exited unasked: ${ended}`);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const up = await waitFor(
    async () => ended !== undefined || (await statusOf(`${url}/healthz`)) === 200,
    120_000,
    200,
  );
  if (!up || ended !== undefined) {
    child.kill("SIGKILL");
    const tail = readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n");
    throw new Error(
      `${name} did not start (${ended ?? "no /healthz within 120 s"}); end of ${path.relative(root, logFile)}:\n${tail}`,
    );
  }
  log(
    `${name}: pid ${child.pid} serving on ${url} after ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  const kill = async (signal: NodeJS.Signals) => {
    asked ??= signal;
    if (ended === undefined) child.kill(signal);
    await exited;
  };
  return {
    name,
    pid: child.pid!,
    port,
    url,
    logFile,
    alive: () => ended === undefined && child.exitCode === null && child.signalCode === null,
    exit: () => ended,
    kill,
    async stop() {
      if (ended !== undefined) return;
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await kill("SIGTERM");
      clearTimeout(force);
    },
    problems() {
      const result = { warnings: 0, errors: 0, other: [] as string[], samples: [] as string[] };
      for (const line of readFileSync(logFile, "utf8").split("\n")) {
        if (!line.trim()) continue;
        let level = 0;
        try {
          level = Number((JSON.parse(line) as { level?: number }).level ?? 0);
        } catch {
          result.other.push(line);
          continue;
        }
        if (level >= 50) {
          result.errors++;
          if (result.samples.length < 3) result.samples.push(line.slice(0, 400));
        } else if (level >= 40) result.warnings++;
      }
      return result;
    },
  };
}

/** True when a process with this pid exists (signal 0 checks without sending anything). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
