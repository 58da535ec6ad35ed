/**
 * Watching processes while a fault happens: /readyz of each process polled every 250 ms (when it
 * first answered 503 and when 200 again), and a command run with its duration.
 */
import { execFile } from "node:child_process";
import { statusOf } from "./store-process.ts";

export type ReadinessWatch = {
  /** Stops polling; per URL: how many 503s, when the first and last were seen (ms from start). */
  stop(): Promise<
    Map<
      string,
      {
        polls: number;
        notReady: number;
        firstNotReady?: number;
        lastNotReady?: number;
        readyAgainAt?: number;
      }
    >
  >;
};

export function watchReadiness(urls: string[], origin: number): ReadinessWatch {
  let stopped = false;
  const seen = new Map(
    urls.map((u) => [
      u,
      {
        polls: 0,
        notReady: 0,
        firstNotReady: undefined as number | undefined,
        lastNotReady: undefined as number | undefined,
        readyAgainAt: undefined as number | undefined,
      },
    ]),
  );
  const loops = urls.map(async (url) => {
    const s = seen.get(url)!;
    while (!stopped) {
      const status = await statusOf(`${url}/readyz`);
      const at = performance.now() - origin;
      s.polls++;
      if (status !== 200) {
        s.notReady++;
        s.firstNotReady ??= at;
        s.lastNotReady = at;
        s.readyAgainAt = undefined;
      } else if (s.firstNotReady !== undefined && s.readyAgainAt === undefined) {
        s.readyAgainAt = at;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}

/** Runs a command; resolves with its exit code, output and how long it took. */
export function runCommand(
  file: string,
  args: string[],
): Promise<{ code: number; output: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim(), ms: performance.now() - started });
    });
  });
}
