/**
 * One `vitest run` for the whole repository, split into projects:
 * - "server": API, services, database and mail tests on an in-memory PGlite per test file;
 * - "server-pg": the same files again on PostgreSQL, only when TEST_DATABASE_URL is set
 *   (each test file gets a fresh database created through that URL and dropped afterwards);
 * - "web": component and module tests of the web app, added once such a test file exists
 *   (an empty project would make the run print "no tests").
 * The helper in apps/server/test/helpers.ts reads the project's `testDatabase` value.
 */
import { globSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const serverFiles = ["apps/server/src/**/*.test.ts", "packages/**/*.test.ts"];
const webFiles = ["apps/web/**/*.test.ts", "apps/web/**/*.test.tsx"];
const exclude = ["**/node_modules/**", "**/build/**", "**/.react-router/**"];
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

const serverProject = (
  name: string,
  testDatabase: "pglite" | "postgres",
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: serverFiles,
    exclude,
    environment: "node",
    setupFiles: ["apps/server/test/setup.ts"],
    // The page tests need the web build (built here when missing).
    globalSetup: ["apps/server/test/web-build.ts"],
    provide: { testDatabase, testDatabaseUrl: testDatabaseUrl ?? "" },
    // Opening and migrating a database per file takes a moment on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

const hasWebTests =
  globSync(webFiles, {
    exclude: (p) => /node_modules|[\\/]build[\\/]|\.react-router/.test(String(p)),
  }).length > 0;

export default defineConfig({
  test: {
    projects: [
      serverProject("server", "pglite"),
      ...(testDatabaseUrl ? [serverProject("server-pg", "postgres")] : []),
      ...(hasWebTests
        ? [
            {
              extends: true,
              test: { name: "web", include: webFiles, exclude, environment: "node" },
              // The web app's own "~/…" imports (apps/web/tsconfig.json's paths).
              resolve: { alias: { "~": fileURLToPath(new URL("apps/web/app", import.meta.url)) } },
            } satisfies TestProjectInlineConfiguration,
          ]
        : []),
    ],
  },
});
