/**
 * Whether something `npm start` builds (the web app's build, the server's bundle) is current, by a
 * stamp file: a successful build leaves it in its output, dated when that build started. The build
 * is current when its output exists, the stamp exists, and no input (file or directory: a
 * directory's time changes when a file in it is added, removed or renamed) is newer than the stamp.
 * The check is a stat of each input (a few hundred files), ~10-20 ms. Used by scripts/start.ts.
 */
import { readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

export type BuildInputs = {
  /** The directory `inputs` are relative to (the repository). */
  root: string;
  /** Files and directories, walked whole except for names `skip` accepts. */
  inputs: readonly string[];
  /** Names (of files or directories) not to look at, anywhere under the inputs. */
  skip?: (name: string) => boolean;
};

export type BuildCheck = { current: true } | { current: false; why: string };

/** The newest modification time (ms) under the inputs, and the path that has it. */
export function newestInput({ root, inputs, skip = () => false }: BuildInputs): {
  ms: number;
  file: string;
} {
  let found = { ms: 0, file: "" };
  const visit = (file: string) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.mtimeMs > found.ms) found = { ms: stat.mtimeMs, file };
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(file)) {
      if (!skip(entry)) visit(path.join(file, entry));
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return found;
}

/**
 * Current, or why not: `output` (the file a build must have made) is missing, the stamp is (a build
 * made otherwise), or an input changed since the stamp's time.
 */
export function checkBuild(
  options: BuildInputs & { output: string; stamp: string; what: string },
): BuildCheck {
  if (!statSync(options.output, { throwIfNoEntry: false })) {
    return { current: false, why: `no ${options.what} yet` };
  }
  const built = statSync(options.stamp, { throwIfNoEntry: false });
  if (!built) return { current: false, why: `the ${options.what} was not made by npm start` };
  const input = newestInput(options);
  if (input.ms > built.mtimeMs) {
    return { current: false, why: `${path.relative(options.root, input.file)} changed since` };
  }
  return { current: true };
}

/**
 * Leaves the stamp after a successful build, dated when the build started: an edit made while it
 * ran is newer, and is built next time.
 */
export function writeStamp(stamp: string, startedAt: Date): void {
  writeFileSync(stamp, "written by scripts/start.ts after a successful build\n");
  utimesSync(stamp, startedAt, startedAt);
}
