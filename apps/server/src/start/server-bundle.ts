/**
 * The server bundle `npm start` runs (record 0062): apps/server/src/main.ts with the workspace's
 * code and the dependencies that load with every start, in a few ES module files, so a start links
 * a handful of modules instead of ~1,100 files of our code and its libraries (resolving, reading
 * and linking each). main.ts's dynamic imports stay chunks of their own: the server's modules
 * (server.ts's chunk) load while PGlite opens, as from the sources. In a single file they would
 * all be evaluated before main() runs, and the database's start would overlap nothing.
 * Built with Rolldown (Vite's bundler, installed with the web app) by scripts/start.ts when missing
 * or stale; `npm run serve`, the tests and the cluster's workers run the sources.
 *
 * Left outside the bundle, loaded from node_modules as before:
 *  - what finds files beside its own module or is native: PGlite (its WebAssembly, data and
 *    extension files), sharp, pdfkit (its font metrics), @fastify/swagger-ui (its page's files);
 *  - what the web app's server build imports too, so that both use one copy: React, React DOM,
 *    React Router (the request handler and the pages must share its contexts), qrcode, bwip-js;
 *  - what loads later than the start: the CSV parser (bulk import, delivery zones); the S3 client
 *    (only with S3_BUCKET). juice, nodemailer, ioredis, dumb-passwords and the fonts' and PIN
 *    codes' packages are reached through createRequire, which the bundler leaves alone.
 * Paths read from disk are computed in src/paths.ts, one level under apps/server in the sources
 * and in the bundle alike (apps/server/build/main.js).
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { BuildInputs } from "./stamp.ts";

/** Where the bundle goes (gitignored, as every build/ directory), relative to the repository. */
export const SERVER_BUNDLE_DIRECTORY = "apps/server/build";
export const SERVER_BUNDLE_ENTRY = `${SERVER_BUNDLE_DIRECTORY}/main.js`;
export const SERVER_BUNDLE_STAMP = `${SERVER_BUNDLE_DIRECTORY}/.start-stamp`;

/** What the bundle is made from: a newer file here means it must be built again. */
export const SERVER_BUNDLE_INPUTS: Omit<BuildInputs, "root"> = {
  inputs: [
    "apps/server/src",
    "apps/server/package.json",
    "packages/contracts",
    "tsconfig.base.json",
    // The dependencies: an install or upgrade changes the lock file; patch-package's patches.
    "package-lock.json",
    "patches",
  ],
  // Tests are never part of the bundle.
  skip: (name) => name === "node_modules" || name.endsWith(".test.ts"),
};

/** Packages (and their subpaths) left outside the bundle: see the comment at the top. */
const EXTERNAL_PACKAGES = [
  "@electric-sql/pglite",
  "sharp",
  "pdfkit",
  "@fastify/swagger-ui",
  "react",
  "react-dom",
  "react-router",
  "@react-router/node",
  "qrcode",
  "bwip-js",
  "csv-parse",
  "@aws-sdk/client-s3",
];

export function isExternal(id: string): boolean {
  if (id.startsWith("node:")) return true;
  return EXTERNAL_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`));
}

/** The list of the files the last build made, beside them. */
const FILES = ".files";

/**
 * Builds the bundle (by default into `<root>/apps/server/build`): main.js and its chunks (named by a hash of
 * their content). Built in a scratch directory first; the chunks are moved in, then main.js: a
 * store starting meanwhile reads the old main.js or the new one, whole. A few small chunks load
 * only on first use, after the start (a dynamic import of a module the server has already loaded
 * gets a chunk of its own): so the files of the build before stay, for a store still running it,
 * and only older ones are removed.
 */
export async function buildServerBundle(
  root: string,
  /** Where to put it: the default is where `npm start` runs it from (see src/paths.ts). */
  directory = path.join(root, SERVER_BUNDLE_DIRECTORY),
): Promise<void> {
  const { build } = await import("rolldown");
  const scratch = path.join(directory, `.next-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  try {
    await build({
      cwd: root,
      input: { main: path.join(root, "apps/server/src/main.ts") },
      platform: "node",
      external: (id) => isExternal(id),
      // main.ts leaves out its resolve hook for drizzle, which is inside the bundle.
      transform: { define: { VASTRA_BUNDLE: "true" } },
      logLevel: "warn",
      output: {
        dir: scratch,
        format: "esm",
        entryFileNames: "[name].js",
        chunkFileNames: "[name]-[hash].js",
        sourcemap: false,
      },
    });
    const made = readdirSync(scratch);
    for (const file of made.filter((name) => name !== "main.js")) {
      renameSync(path.join(scratch, file), path.join(directory, file));
    }
    renameSync(path.join(scratch, "main.js"), path.join(directory, "main.js"));
    const listed = path.join(directory, FILES);
    const before = existsSync(listed) ? readFileSync(listed, "utf8").split("\n") : [];
    for (const file of readdirSync(directory)) {
      if (file.endsWith(".js") && !made.includes(file) && !before.includes(file)) {
        rmSync(path.join(directory, file));
      }
    }
    writeFileSync(listed, made.join("\n"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
