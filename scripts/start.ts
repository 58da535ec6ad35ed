/**
 * `npm start`: builds what is missing or older than what it is built from, then runs the store in
 * this same process, so signals (Ctrl+C, SIGTERM) reach its graceful shutdown directly. `npm run
 * serve` runs the store from its sources without any of this.
 *
 * Two builds, each checked with a stamp file (apps/server/src/start/stamp.ts: a stat of each input,
 * ~0.3k files for the web app, ~0.3k for the server):
 *  - the web app (apps/web/build): from apps/web's sources, public files and configuration,
 *    packages/contracts and package-lock.json (dependencies);
 *  - the server's bundle (apps/server/build/main.js, record 0062): from apps/server/src,
 *    packages/contracts, package-lock.json and the patches. Takes a second or two to build, and
 *    makes every start ~0.4 s shorter than running the sources.
 * A build made otherwise (npm run build, the browser tests) leaves no stamp, so the next start
 * builds once more. Should bundling fail, the store starts from its sources (and says so).
 *
 * `node scripts/start.ts --build-only`: the same builds, then exits (the start-up bench).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  buildServerBundle,
  SERVER_BUNDLE_ENTRY,
  SERVER_BUNDLE_INPUTS,
  SERVER_BUNDLE_STAMP,
} from "../apps/server/src/start/server-bundle.ts";
import { checkBuild, writeStamp } from "../apps/server/src/start/stamp.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildOnly = process.argv.includes("--build-only");

const web = checkBuild({
  root,
  what: "web build",
  output: path.join(root, "apps/web/build/server/index.js"),
  stamp: path.join(root, "apps/web/build/.start-stamp"),
  inputs: [
    "apps/web/app",
    "apps/web/public",
    "apps/web/vite.config.ts",
    "apps/web/react-router.config.ts",
    "apps/web/tsconfig.json",
    "apps/web/package.json",
    "packages/contracts",
    "tsconfig.base.json",
    "package-lock.json",
  ],
  skip: (name) => name === "node_modules" || name === ".react-router" || name === "build",
});
if (!web.current) {
  console.log(`Building the web app (${web.why})…`);
  const startedAt = new Date();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("Vastra could not start: the web app's build failed.");
    process.exit(build.status ?? 1);
  }
  writeStamp(path.join(root, "apps/web/build/.start-stamp"), startedAt);
}

const bundleEntry = path.join(root, SERVER_BUNDLE_ENTRY);
let entry = bundleEntry;
const server = checkBuild({
  root,
  what: "server bundle",
  output: bundleEntry,
  stamp: path.join(root, SERVER_BUNDLE_STAMP),
  ...SERVER_BUNDLE_INPUTS,
});
if (!server.current) {
  console.log(`Bundling the server (${server.why})…`);
  const startedAt = new Date();
  try {
    await buildServerBundle(root);
    writeStamp(path.join(root, SERVER_BUNDLE_STAMP), startedAt);
    console.log(`Bundled in ${Math.round(Date.now() - startedAt.getTime())} ms.`);
  } catch (error) {
    if (buildOnly) throw error;
    console.error("The server could not be bundled; starting from its sources instead:", error);
    entry = path.join(root, "apps/server/src/main.ts");
  }
}

if (!buildOnly) await import(pathToFileURL(entry).href);
