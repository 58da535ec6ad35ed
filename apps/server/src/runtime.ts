/**
 * Opens what a running store needs from its settings: the database (migrated), the mail transport.
 * Shared by the server and the CLI commands.
 */
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { devMailboxTransport, type MailTransport, smtpTransport } from "./mail/transports.ts";

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl, max: config.databasePoolMax })
    : await openDatabase({
        kind: "pglite",
        dataDir: config.dataDir,
        sharedBuffers: config.pgliteSharedBuffers,
      });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export function configuredTransport(config: Config, database: Database): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : devMailboxTransport(database.db);
}
