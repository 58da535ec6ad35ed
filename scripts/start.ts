/**
 * `npm start`: builds the web app only when its build is missing or older than what it is built
 * from, then runs the store (apps/server/src/main.ts) in this same process, so signals (Ctrl+C,
 * SIGTERM) reach its graceful shutdown directly. `npm run serve` runs the store without this check.
 *
 * The check is cheap (a stat of each input, ~0.3k files): a successful build leaves a stamp file
 * in apps/web/build whose time is when that build started; the build is current when no input
 * (file or directory: a directory's time changes when a file in it is added, removed or renamed)
 * is newer than the stamp. The inputs: apps/web's sources, public files and configuration,
 * packages/contracts, and package-lock.json (dependencies). A build made otherwise (npm run build,
 * the browser tests) leaves no stamp, so the next start builds once more.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const web = path.join(root, "apps/web");
const stamp = path.join(web, "build/.start-stamp");
const INPUTS = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/tsconfig.json",
  "apps/web/package.json",
  "packages/contracts",
  "tsconfig.base.json",
  "package-lock.json",
];
const SKIP = new Set(["node_modules", ".react-router", "build"]);

/** The newest modification time (ms) under these paths, and the path that has it. */
function newest(paths: string[]): { ms: number; file: string } {
  let found = { ms: 0, file: "" };
  const visit = (file: string) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.mtimeMs > found.ms) found = { ms: stat.mtimeMs, file };
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(file)) {
      if (!SKIP.has(entry)) visit(path.join(file, entry));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return found;
}

function buildIsCurrent(): { current: boolean; why: string } {
  if (!existsSync(path.join(web, "build/server/index.js"))) {
    return { current: false, why: "no build yet" };
  }
  const built = statSync(stamp, { throwIfNoEntry: false });
  if (!built) return { current: false, why: "the build was not made by npm start" };
  const input = newest(INPUTS);
  if (input.ms > built.mtimeMs) {
    return { current: false, why: `${path.relative(root, input.file)} changed since` };
  }
  return { current: true, why: "" };
}

const check = buildIsCurrent();
if (!check.current) {
  console.log(`Building the web app (${check.why})…`);
  const startedAt = new Date();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("Vastra could not start: the web app's build failed.");
    process.exit(build.status ?? 1);
  }
  // Dated when the build started: an edit made while it ran is newer, and is built next time.
  writeFileSync(stamp, "written by scripts/start.ts after a successful build\n");
  utimesSync(stamp, startedAt, startedAt);
}

await import("../apps/server/src/main.ts");
