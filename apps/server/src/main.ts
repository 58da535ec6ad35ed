/**
 * `npm start` / `npm run serve`: validates settings, then starts the store (server.ts) and prints
 * where it runs (and, once, a new demo admin's password). SIGTERM or SIGINT shuts down gracefully:
 * stop accepting, finish what is in flight, stop the e-mail worker, close the database.
 */
import closeWithGrace from "close-with-grace";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
import type { DemoLogin } from "./seed/demo.ts";
import { startStore } from "./server.ts";

const startedAt = performance.now();

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const store = await startStore(config);
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
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Vastra could not start: ${error.message}`);
  } else {
    console.error("Vastra could not start:", error);
  }
  process.exit(1);
});
