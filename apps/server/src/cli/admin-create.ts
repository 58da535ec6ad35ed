/**
 * npm run admin:create -- --email EMAIL --password PASSWORD [--name NAME]
 * Creates a verified admin, or makes an existing account admin.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, loadDotEnv } from "../config.ts";
import { DataDirLockedError } from "../db/lock.ts";
import { openConfiguredDatabase } from "../runtime.ts";
import { createOrPromoteAdmin } from "../services/admins.ts";
import { AppError } from "../services/errors.ts";

const USAGE = "Usage: npm run admin:create -- --email EMAIL --password PASSWORD [--name NAME]";

async function run(): Promise<void> {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
      },
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.email || !values.password)
    throw new ConfigError(`--email and --password are required.\n${USAGE}`);
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const result = await createOrPromoteAdmin(database.db, {
      email: values.email,
      password: values.password,
      ...(values.name ? { name: values.name } : {}),
    });
    console.log(
      result.created
        ? `Created admin ${values.email.toLowerCase()} (verified).`
        : `${values.email.toLowerCase()} is now an admin; its password was updated.`,
    );
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof AppError
  ) {
    console.error(`admin:create: ${error.message}`);
  } else {
    console.error("admin:create failed:", error);
  }
  process.exit(1);
});
