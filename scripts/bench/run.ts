/**
 * `npm run bench [-- name…]`: runs every scripts/bench/*.bench.ts (or only the names given, with or
 * without the ".bench.ts"), one after another, each in its own Node process, and collects what
 * they print into .tmp/bench/report.md, which it also prints. Not part of `npm test`.
 *
 * The contract of a bench script (catalogue.bench.ts, cart-orders.bench.ts, newsletter.bench.ts …):
 *   - a standalone script: `node scripts/bench/<name>.bench.ts` works on its own, sets up whatever
 *     it measures (throwaway databases, servers, sinks) and removes it again;
 *   - prints one markdown section on stdout, starting with a `## ` heading (tables, figures and the
 *     1-minute load average next to each figure: the machine may be shared);
 *   - writes progress to stderr (passed through to the terminal, not into the report);
 *   - exits with code 0 on success; any other code marks the section as failed in the report (what
 *     it printed is kept) and makes `npm run bench` exit with 1 after the remaining scripts ran.
 * Shared pieces live in scripts/bench/lib/ (harness.ts: autocannon runs with exact percentiles, the
 * server in its own process, the hello-world baseline; database.ts: throwaway PGlite/PostgreSQL).
 *
 * Settings (environment): BENCH_PRODUCTS (catalogue size, default 100000), BENCH_DURATION (seconds
 * per load run, default 10), BENCH_WARMUP (default 3), BENCH_DATABASES ("pglite,postgres"),
 * TEST_DATABASE_URL (the PostgreSQL server; default postgres://postgres@127.0.0.1:5432/test).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

const here = import.meta.dirname;
const root = path.resolve(here, "../..");
const all = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .sort();
const wanted = process.argv.slice(2).map((a) => (a.endsWith(".bench.ts") ? a : `${a}.bench.ts`));
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(", ")} (have: ${all.join(", ")})`);
  process.exit(2);
}
const scripts = wanted.length > 0 ? wanted : all;

function run(file: string): Promise<{ code: number; out: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, file)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("close", (code) =>
      resolve({ code: code ?? 1, out, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const cpu = cpus();
const header = [
  "# Vastra benchmark report",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"} · ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB · load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")} (1/5/15 min)`,
  "",
];
const sections: string[] = [];
let failed = false;
for (const file of scripts) {
  console.error(`\n▶ ${file}`);
  const { code, out, seconds } = await run(file);
  console.error(`◀ ${file}: exit ${code} after ${seconds.toFixed(0)} s`);
  if (code !== 0) failed = true;
  sections.push(
    (out.trim() || `## ${file}`) +
      (code === 0 ? "" : `\n\n**${file} failed (exit code ${code}); see its output above.**`) +
      `\n\n_${file}: ${seconds.toFixed(0)} s._\n`,
  );
}

const report = `${[...header, ...sections].join("\n")}`;
const dir = path.join(root, ".tmp/bench");
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "report.md"), report);
process.stdout.write(report);
console.error(`\nReport written to ${path.relative(root, path.join(dir, "report.md"))}`);
process.exit(failed ? 1 : 0);
