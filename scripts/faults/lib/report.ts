/**
 * What every fault scenario shares for its output: progress on stderr, a markdown section on stdout
 * (as the bench scripts print: `## ` heading, counts, then one line per check), and the verdict.
 * A scenario records each check with `check(name, ok, detail)`; `finish()` prints PASS or FAIL and
 * gives the exit code (1 when any check failed).
 */
import { loadavg } from "node:os";

/** Progress for the person watching (stdout is the report). */
export const log = (line: string) =>
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);

export const load1 = () => loadavg()[0]!.toFixed(2);

export const num = (v: number) => Math.round(v).toLocaleString("en-US");

type Check = { name: string; ok: boolean; detail: string };

export type Report = {
  /** A figure to print under "Counts" (in the order given). */
  count(name: string, value: string | number): void;
  /** One assertion of the scenario: printed as PASS/FAIL with what was seen. */
  check(name: string, ok: boolean, detail?: string): boolean;
  /** A line of free text under the counts (what was done, timings). */
  note(line: string): void;
  /** Prints the section; resolves to the exit code (0 when every check passed and there was one). */
  finish(error?: unknown): number;
  /** Runs the drill, prints the section (an error counts as a failed check) and exits with it. */
  run(scenario: () => Promise<void>): Promise<never>;
};

export function createReport(title: string): Report {
  const counts: Array<[string, string]> = [];
  const checks: Check[] = [];
  const notes: string[] = [];
  const startedAt = performance.now();
  const loadAtStart = load1();
  return {
    count(name, value) {
      counts.push([name, typeof value === "number" ? num(value) : value]);
      log(`  ${name}: ${typeof value === "number" ? num(value) : value}`);
    },
    check(name, ok, detail = "") {
      checks.push({ name, ok, detail });
      log(`  ${ok ? "PASS" : "FAIL"} ${name}${detail ? ` — ${detail}` : ""}`);
      return ok;
    },
    note(line) {
      notes.push(line);
      log(`  ${line}`);
    },
    finish(error) {
      const failed = error !== undefined || checks.length === 0 || checks.some((c) => !c.ok);
      const seconds = (performance.now() - startedAt) / 1000;
      const lines = [
        `## ${title}: ${failed ? "FAIL" : "PASS"}`,
        "",
        `${seconds.toFixed(0)} s; 1-minute load average ${loadAtStart} at the start, ${load1()} at the end (the machine is shared).`,
        "",
        ...notes.map((n) => `${n}`),
        ...(notes.length ? [""] : []),
        "| count | value |",
        "| --- | --- |",
        ...counts.map(([k, v]) => `| ${k} | ${v} |`),
        "",
        ...checks.map(
          (c) => `- **${c.ok ? "PASS" : "FAIL"}** ${c.name}${c.detail ? `: ${c.detail}` : ""}`,
        ),
        ...(error !== undefined
          ? [
              `- **FAIL** the scenario stopped on an error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
            ]
          : []),
        ...(checks.length === 0 && error === undefined ? ["- **FAIL** no check ran"] : []),
        "",
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
      return failed ? 1 : 0;
    },
    async run(scenario) {
      let failure: unknown;
      try {
        await scenario();
      } catch (error) {
        failure = error;
      }
      process.exit(this.finish(failure));
    },
  };
}

/** Waits until `probe` is true, polling every `everyMs`; false when `timeoutMs` passed first. */
export async function waitFor(
  probe: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 250,
): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (await probe()) return true;
    if (performance.now() >= until) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
