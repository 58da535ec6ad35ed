/**
 * `npm start` / `npm run serve`: validates settings, then starts the store (server.ts) and prints
 * where it runs (and, once, a new demo admin's password). SIGTERM or SIGINT shuts down gracefully:
 * stop accepting, finish what is in flight, stop the e-mail worker, close the database.
 */
import { enableCompileCache, flushCompileCache, registerHooks } from "node:module";
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
 */
enableCompileCache();
const DRIZZLE = "/node_modules/drizzle-orm/";
const drizzleEntries = new Map<string, { url: string; format?: string | null }>();
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
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) store.app.log.error({ err }, "shutting down after an error");
    else store.app.log.info({ signal }, "shutting down");
    await store.stop();
  });
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
  console.log(`${lines.join("\n")}\n`);
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
