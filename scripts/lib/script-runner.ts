/**
 * What `npm run bench` and `npm run faults` share: each of their scripts runs in its own Node
 * process, its stdout (one markdown section) collected and its stderr passed through; the report
 * starts with the machine it ran on, and is written under .tmp/<dir>/report.md and printed.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export type ScriptRun = { code: number; out: string; seconds: number };

/** Runs `node <file>` from the repository's root; resolves with its exit code and stdout. */
export function runScript(file: string): Promise<ScriptRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], {
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

/** The report's first lines: its title, then when, Node, CPUs, memory and the load average. */
export function reportHeader(title: string): string[] {
  const cpu = cpus();
  return [
    `# ${title}`,
    "",
    `${new Date().toISOString()} · Node ${process.version} · ${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"} · ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB · load average at start ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" / ")} (1/5/15 min)`,
    "",
  ];
}

/** One script's section: what it printed (or its name), a failure line when it failed, its time. */
export function section(name: string, { code, out, seconds }: ScriptRun, failure: string): string {
  return (
    (out.trim() || `## ${name}`) +
    (code === 0 ? "" : `\n\n**${name} failed (exit code ${code})${failure}.**`) +
    `\n\n_${name}: ${seconds.toFixed(0)} s._\n`
  );
}

/** Writes the report to .tmp/<dir>/report.md and prints it. */
export function writeReport(dir: string, lines: string[]): void {
  const report = lines.join("\n");
  const folder = path.join(root, ".tmp", dir);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "report.md"), report);
  process.stdout.write(report);
  console.error(`\nReport written to ${path.relative(root, path.join(folder, "report.md"))}`);
}
