/**
 * Starts the built store for the browser tests on E2E_PORT with a fresh, empty DATA_DIR (so every
 * run begins with the demo catalogue, an empty mailbox and fresh rate limits), and removes it again
 * when Playwright stops the server (SIGTERM).
 *
 * It serves a private snapshot of apps/web/build: a rebuild during the run (another terminal, an
 * editor's watcher) would otherwise replace the hashed assets the open pages ask for. It starts the
 * store exactly as main.ts does (apps/server/src/server.ts), with the snapshot as the build.
 *
 * Run by playwright.config.ts (`webServer`); by hand: `E2E_PORT=3300 node e2e/serve.ts`.
 */
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_ADMIN } from "./helpers/demo-admin.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "3300";
const built = path.join(root, "apps/web/build");

const dataDir = mkdtempSync(path.join(tmpdir(), "vastra-e2e-data-"));
// Inside the repository, so the server bundle still resolves react & co. from node_modules.
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
removeOrphanSnapshots();
const buildDir = mkdtempSync(path.join(tmp, `e2e-web-build-${process.pid}-`));

/** Snapshots left behind by a wrapper that was killed outright (its process is gone). */
function removeOrphanSnapshots(): void {
  for (const name of readdirSync(tmp)) {
    const pid = Number(/^e2e-web-build-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(tmp, name), { recursive: true, force: true });
    }
  }
}

/**
 * The demo pictures drawn by an earlier run, keyed by the seed's source: drawing them takes half a
 * minute of both cores, and every run would draw the very same files (their names are content
 * hashes of the artwork's version and key, and the drawer skips files already present).
 */
const seedDir = path.join(root, "apps/server/src/seed");
const seedHash = createHash("sha256");
for (const name of readdirSync(seedDir).sort()) {
  seedHash.update(name).update(readFileSync(path.join(seedDir, name)));
}
const pictureCache = path.join(tmp, `demo-pictures-${seedHash.digest("hex").slice(0, 16)}`);

function restorePictures(): void {
  if (existsSync(pictureCache))
    cpSync(pictureCache, path.join(dataDir, "images"), { recursive: true });
}

function keepPictures(): void {
  const images = path.join(dataDir, "images");
  if (existsSync(pictureCache) || !existsSync(images)) return;
  const partial = `${pictureCache}.${process.pid}`;
  try {
    cpSync(images, partial, { recursive: true });
    renameSync(partial, pictureCache);
  } catch {
    // Another run kept them first; theirs are the same files.
    rmSync(partial, { recursive: true, force: true });
  }
}

function cleanUp(): void {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
}

function listing(dir: string): string {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).sort().join("\n") : "";
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Copies the build; waits while it is missing or changes during the copy (a build running
 * elsewhere), for up to 60 s.
 */
function snapshotBuild(): void {
  const index = path.join(built, "server/index.js");
  for (let attempt = 1; attempt <= 60; attempt++) {
    const before = listing(built);
    if (existsSync(index)) {
      rmSync(buildDir, { recursive: true, force: true });
      try {
        cpSync(built, buildDir, { recursive: true });
        if (before === listing(built) && before === listing(buildDir)) return;
      } catch {
        // A file vanished mid-copy: a build is running; try again.
      }
    }
    sleep(1000);
  }
  throw new Error(`No stable build in ${built} (missing or changing for 60 s): run npm run build`);
}

Object.assign(process.env, {
  NODE_ENV: "development",
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: "1",
  // The specs sign in as the demo admin (helpers/demo-admin.ts).
  DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
  SMTP_URL: "",
  REDIS_URL: "",
  DATABASE_URL: "",
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
});

const server = (file: string) =>
  import(pathToFileURL(path.join(root, "apps/server/src", file)).href);

async function main(): Promise<void> {
  snapshotBuild();
  restorePictures();
  const { loadConfig } = await server("config.ts");
  const { startStore } = await server("server.ts");
  const { createRateLimits } = await server("services/rate-limit.ts");
  const limits = createRateLimits();
  // Every browser test comes from 127.0.0.1, so per-IP limits (sign-ins, sign-ups, codes) would
  // count the whole suite as one visitor: they get 50 times the points here. Per-address and
  // per-account limits stay as in production (the accounts spec checks them).
  const rateLimits = {
    ...limits,
    limiter: (name: string, rule: { points: number; windowSeconds: number }) =>
      limits.limiter(name, name.endsWith("-ip") ? { ...rule, points: rule.points * 50 } : rule),
  };
  const store = await startStore(loadConfig(), {
    webBuildDirectory: buildDir,
    // Every page the tests open shows its real pictures.
    demoPicturesFirst: true,
    rateLimits,
  });
  keepPictures();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      cleanUp();
      process.exit(1);
    }, 12_000);
    force.unref();
    try {
      await store.stop();
    } finally {
      cleanUp();
      console.log(`e2e server stopped (${signal})`);
      process.exit(0);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  console.log(`e2e server on port ${port} (data in ${dataDir}, build ${buildDir})`);
}

main().catch((error) => {
  console.error("e2e server could not start:", error);
  cleanUp();
  process.exit(1);
});
