/**
 * `npm start` / `npm run serve`: validates settings, then starts the store (server.ts) and prints
 * where it runs (and, once, a new demo admin's password). SIGTERM or SIGINT shuts down gracefully:
 * stop accepting, finish what is in flight, stop the e-mail worker, close the database.
 * `npm run serve:cluster` (cluster.ts) runs this same file in each of its worker processes.
 */
import cluster from "node:cluster";
import { enableCompileCache, flushCompileCache, registerHooks } from "node:module";
import { CLUSTER_STOP_MESSAGE } from "./cluster-message.ts";
import type { DemoLogin } from "./seed/demo.ts";

const startedAt = performance.now();

/*
 * Start-up (issue #11, record 0029): most of a start is loading ~1,300 modules. Two things make
 * that cheaper, so both come before any other import (hence the dynamic imports below):
 *  - Node's compile cache keeps the compiled code of every module on disk (under the OS's temp
 *    directory) for the next start;
 *  - drizzle-orm's package.json has a 180 KB "exports" map, and Node re-parses it for each of the
 *    ~110 drizzle modules it loads (finding each file's module type). drizzle-orm is an ES module
 *    package, so its files' relative imports are resolved here directly, and each "drizzle-orm/…"
 *    specifier only once. Saves about half a second.
 * `npm start` runs this file bundled (record 0062): drizzle is then inside the bundle, and the hook
 * would only slow down resolving what stays outside it (the web build's imports), so it is left out
 * there (the bundler defines VASTRA_BUNDLE).
 */
declare const VASTRA_BUNDLE: boolean | undefined;
enableCompileCache();
const DRIZZLE = "/node_modules/drizzle-orm/";
const drizzleEntries = new Map<string, { url: string; format?: string | null }>();
if (typeof VASTRA_BUNDLE === "undefined") {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? "";
      if (parent.includes(DRIZZLE) && /^\.\.?\/.*\.js$/.test(specifier)) {
        return { url: new URL(specifier, parent).href, format: "module", shortCircuit: true };
      }
      if (specifier !== "drizzle-orm" && !specifier.startsWith("drizzle-orm/")) {
        return nextResolve(specifier, context);
      }
      const known = drizzleEntries.get(specifier);
      if (known) return { ...known, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      if (resolved.url.includes(DRIZZLE)) drizzleEntries.set(specifier, resolved);
      return resolved;
    },
  });
}

/*
 * A cluster worker (cluster.ts) is asked to stop by its primary with a message, and takes SIGTERM
 * and SIGINT as that same request, once. close-with-grace alone would take a second signal as
 * "exit now", and a worker often gets two: Ctrl+C in a terminal reaches every process of the
 * group, and the primary passes the stop on. Listened for from the start, so a request that comes
 * while the store is still starting is kept and honoured once it has started.
 */
let stopRequested = false;
let requestStop = () => {
  stopRequested = true;
};
if (cluster.isWorker) {
  process.on("message", (message) => {
    if (message === CLUSTER_STOP_MESSAGE) requestStop();
  });
}

const [{ default: closeWithGrace }, { ConfigError, loadConfig, loadDotEnv }, lock, runtime] =
  await Promise.all([
    import("close-with-grace"),
    import("./config.ts"),
    import("./db/lock.ts"),
    import("./runtime.ts"),
  ]);

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  // The database opens (PGlite: reading its files, compiling it) while the store's modules load.
  const [database, { startStore }] = await Promise.all([
    runtime.openConfiguredDatabase(config),
    import("./server.ts"),
  ]);
  const store = await startStore(config, { database });
  const grace = closeWithGrace(
    { delay: 10_000, skip: cluster.isWorker ? ["SIGINT", "SIGTERM"] : [] },
    async ({ signal, err, manual }) => {
      if (err) store.app.log.error({ err }, "shutting down after an error");
      else store.app.log.info({ signal, manual }, "shutting down");
      await store.stop();
    },
  );
  if (cluster.isWorker) {
    let closing = false;
    requestStop = () => {
      if (closing) return;
      closing = true;
      grace.close();
    };
    process.on("SIGTERM", () => requestStop());
    process.on("SIGINT", () => requestStop());
    if (stopRequested) requestStop();
  }
  const ms = Math.round(performance.now() - startedAt);
  const mode = store.database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  const lines = [
    "",
    `  Vastra is running at ${config.publicUrl}  (ready in ${ms} ms; database: ${mode})`,
    config.smtpUrl
      ? "  E-mail: SMTP"
      : `  E-mail: development mailbox at ${config.publicUrl}/dev/mailbox`,
  ];
  lines.push(...demoAdminLines(store.demo, config.isProduction));
  if (!cluster.isWorker) console.log(`${lines.join("\n")}\n`);
  else if (store.demo?.adminPassword) {
    // The primary says once where the cluster runs; a worker speaks only when it made the demo
    // admin (seedDemo lets exactly one do so).
    console.log(`${demoAdminLines(store.demo, config.isProduction).join("\n")}\n`);
  }
  // Written now rather than at exit, so that a start stopped by a crash still speeds up the next.
  flushCompileCache();
}

/**
 * The demo admin's password is random per store: shown once, when this start made the admin, and
 * never in production (where logs are often collected). Later starts say how to set a new one.
 */
function demoAdminLines(demo: DemoLogin | undefined, production: boolean): string[] {
  if (!demo) return [];
  const reset = `npm run admin:create -- --email ${demo.adminEmail} --password NEW_PASSWORD`;
  if (demo.adminPassword && !production) {
    return [
      `  Demo admin created: ${demo.adminEmail} / ${demo.adminPassword}`,
      `  (shown only this once; to set another password later: ${reset})`,
    ];
  }
  const what = demo.adminPassword ? "was created" : "exists";
  return [`  Demo admin ${demo.adminEmail} ${what}; to set its password: ${reset}`];
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof lock.DataDirLockedError) {
    console.error(`Vastra could not start: ${error.message}`);
  } else {
    console.error("Vastra could not start:", error);
  }
  process.exit(1);
});
