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
import { readdirSync } from "node:fs";
import path from "node:path";
import { reportHeader, runScript, section, writeReport } from "../lib/script-runner.ts";

const here = import.meta.dirname;
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

const sections: string[] = [];
let failed = false;
for (const file of scripts) {
  console.error(`\n▶ ${file}`);
  const result = await runScript(path.join(here, file));
  console.error(`◀ ${file}: exit ${result.code} after ${result.seconds.toFixed(0)} s`);
  if (result.code !== 0) failed = true;
  sections.push(section(file, result, "; see its output above"));
}

writeReport("bench", [...reportHeader("Vastra benchmark report"), ...sections]);
process.exit(failed ? 1 : 0);
