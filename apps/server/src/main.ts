/**
 * `npm start` / `npm run serve`: validates settings, opens and migrates the database, seeds the demo
 * store, starts the e-mail worker and serves API and web app on PORT. SIGTERM shuts down gracefully:
 * stop accepting, finish what is in flight, stop the worker, close the database.
 */
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
import { createMailWorker } from "./mail/worker.ts";
import { configuredTransport, openConfiguredDatabase } from "./runtime.ts";
import { seedDemo } from "./seed/demo.ts";
import { ensureStoreSettings } from "./services/store-settings.ts";
import { defaultBuildDirectory } from "./web.ts";

const startedAt = performance.now();

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await ensureStoreSettings(database.db);
  const demo = config.seedDemo
    ? await seedDemo(database.db, { production: config.isProduction })
    : undefined;

  const app = await buildApp({
    config,
    database,
    web: { buildDirectory: defaultBuildDirectory() },
  });
  const worker = createMailWorker({
    db: database.db,
    transport: configuredTransport(config, database),
    from: config.mailFrom,
    log: app.log,
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "shutting down after an error");
    else app.log.info({ signal }, "shutting down");
    await app.close();
    await worker.stop();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  const ms = Math.round(performance.now() - startedAt);
  const mode = database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL";
  const lines = [
    "",
    `  Vastra is running at ${config.publicUrl}  (ready in ${ms} ms; database: ${mode})`,
    config.smtpUrl
      ? "  E-mail: SMTP"
      : `  E-mail: development mailbox at ${config.publicUrl}/dev/mailbox`,
  ];
  if (demo) lines.push(`  Demo admin: ${demo.adminEmail} / ${demo.adminPassword}`);
  console.log(`${lines.join("\n")}\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Vastra could not start: ${error.message}`);
  } else {
    console.error("Vastra could not start:", error);
  }
  process.exit(1);
});
