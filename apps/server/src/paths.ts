/**
 * The directories the server reads from disk, found from where this module sits: one level under
 * the server package, both in the sources (apps/server/src) and in the bundle `npm start` runs
 * (apps/server/build, record 0062, whose files all sit in that one directory). A path written
 * relative to a deeper source file would point elsewhere once that file is bundled.
 */
import path from "node:path";

/** apps/server. */
export const serverRoot = path.resolve(import.meta.dirname, "..");

/** Drizzle's migrations (SQL files and their journal). */
export const migrationsFolder = path.join(serverRoot, "drizzle");

/** The web app's build (React Router framework build: server/ and client/). */
export const webBuildDirectory = path.join(serverRoot, "../web/build");
