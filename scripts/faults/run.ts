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
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

const here = import.meta.dirname;
const root = path.resolve(here, "../..");
const DRILLS = ["two-processes", "smtp-down", "pg-restart", "kill-9", "cluster-bench"];
const wanted = process.argv.slice(2).map((a) => a.replace(/\.ts$/, ""));
const unknown = wanted.filter((w) => !DRILLS.includes(w));
if (unknown.length > 0) {
  console.error(`No such drill: ${unknown.join(", ")} (have: ${DRILLS.join(", ")})`);
  process.exit(2);
}
const drills = wanted.length > 0 ? DRILLS.filter((d) => wanted.includes(d)) : DRILLS;

function run(name: string): Promise<{ code: number; out: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, `${name}.ts`)], {
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
  "# Vastra fault drills",
  "",
  `${new Date().toISOString()} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"} · ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB · load average at start ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")} (1/5/15 min)`,
  "",
];
const sections: string[] = [];
const verdicts: string[] = [];
for (const name of drills) {
  console.error(`\n▶ ${name}`);
  const { code, out, seconds } = await run(name);
  console.error(`◀ ${name}: exit ${code} after ${seconds.toFixed(0)} s`);
  verdicts.push(`${name}: ${code === 0 ? "PASS" : "FAIL"}`);
  sections.push(
    (out.trim() || `## ${name}`) +
      (code === 0 ? "" : `\n\n**${name} failed (exit code ${code}).**`) +
      `\n\n_${name}: ${seconds.toFixed(0)} s._\n`,
  );
}

const report = [...header, ...sections, `**${verdicts.join(" · ")}**`, ""].join("\n");
const dir = path.join(root, ".tmp/faults");
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "report.md"), report);
process.stdout.write(report);
console.error(`\nReport written to ${path.relative(root, path.join(dir, "report.md"))}`);
process.exit(verdicts.every((v) => v.endsWith("PASS")) ? 0 : 1);
