/**
 * Measures start-up to the first answered request from an existing data directory:
 * spawns the server, polls /healthz, and reports the median of several runs.
 * Usage: node scripts/measure-startup.ts [runs]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const runs = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), "vastra-startup-"));
const port = 3900 + Math.floor(Math.random() * 50);

async function once(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["apps/server/src/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000)
        throw new Error("the server did not start within 60 s");
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

try {
  const first = await once(); // creates and migrates the data directory
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`first start (empty data directory): ${Math.round(first)} ms`);
  console.log(
    `start-up to first answered request, existing data directory, median of ${runs}: ${Math.round(median)} ms (min ${Math.round(times[0]!)}, max ${Math.round(times.at(-1)!)})`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
