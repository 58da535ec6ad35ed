/**
 * PGlite's files belong to one process at a time. The server holds this lock while it runs;
 * a CLI started meanwhile refuses with one clear line instead of touching the files.
 */
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {}

export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, { stale: 15_000, update: 5_000, retries: 0, realpath: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by another Vastra process (stop the server first, or set DATABASE_URL to use PostgreSQL)`,
      );
    }
    throw error;
  }
}
