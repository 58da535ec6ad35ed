/**
 * `npm start` / `npm run serve`: validates settings, then starts the store (server.ts) and prints
 * where it runs. SIGTERM or SIGINT shuts down gracefully: stop accepting, finish what is in
 * flight, stop the e-mail worker, close the database.
 */
import closeWithGrace from "close-with-grace";
import { ConfigError, loadConfig, loadDotEnv } from "./config.ts";
import { DataDirLockedError } from "./db/lock.ts";
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
  if (store.demo)
    lines.push(`  Demo admin: ${store.demo.adminEmail} / ${store.demo.adminPassword}`);
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
