/**
 * `npm run faults [-- name…]`: the fault drills of issue #13, one after another, each in its own Node
 * process (scripts/faults/<name>.ts), collecting what they print into .tmp/faults/report.md, which
 * it also prints. Not part of `npm test`: they start real server processes, load them, and one of
 * them restarts the machine's PostgreSQL server (`pg_ctlcluster 15 main restart`, as root), which
 * breaks every other client of that server for a moment.
 *
 * Drills (in this order): two-processes, smtp-down, pg-restart, kill-9, cluster-bench. Each is a
 * standalone script (`node scripts/faults/kill-9.ts` works on its own) that makes its own
 * throwaway PostgreSQL database (TEST_DATABASE_URL's server, default 127.0.0.1:5432) and uses a
 * Redis database index of its own (FAULTS_REDIS_URL, default redis://127.0.0.1:6379; indexes
 * 11-15, emptied before and after), starts its processes, prints a markdown section with its
 * counts and PASS/FAIL per check, removes what it made, and exits non-zero when a check failed.
 * Progress goes to stderr; each store process's log to .tmp/faults/<drill>-<process>.log.
 * This runner exits 1 when any drill failed, after running the others.
 */
import path from "node:path";
import { reportHeader, runScript, section, writeReport } from "../lib/script-runner.ts";

const here = import.meta.dirname;
const DRILLS = ["two-processes", "smtp-down", "pg-restart", "kill-9", "cluster-bench"];
const wanted = process.argv.slice(2).map((a) => a.replace(/\.ts$/, ""));
const unknown = wanted.filter((w) => !DRILLS.includes(w));
if (unknown.length > 0) {
  console.error(`No such drill: ${unknown.join(", ")} (have: ${DRILLS.join(", ")})`);
  process.exit(2);
}
const drills = wanted.length > 0 ? DRILLS.filter((d) => wanted.includes(d)) : DRILLS;

const sections: string[] = [];
const verdicts: string[] = [];
for (const name of drills) {
  console.error(`\n▶ ${name}`);
  const result = await runScript(path.join(here, `${name}.ts`));
  console.error(`◀ ${name}: exit ${result.code} after ${result.seconds.toFixed(0)} s`);
  verdicts.push(`${name}: ${result.code === 0 ? "PASS" : "FAIL"}`);
  sections.push(section(name, result, ""));
}

writeReport("faults", [
  ...reportHeader("Vastra fault drills"),
  ...sections,
  `**${verdicts.join(" · ")}**`,
  "",
]);
process.exit(verdicts.every((v) => v.endsWith("PASS")) ? 0 : 1);
