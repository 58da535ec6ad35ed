/**
 * The server under test, run as its own process so that the load generator (autocannon, in the
 * bench process) does not share its event loop:
 *   node scripts/bench/lib/serve.ts app    — the real app (apps/server/src/app.ts buildApp, API
 *                                            only, production mode, logging off) on DATA_DIR or
 *                                            DATABASE_URL
 *   node scripts/bench/lib/serve.ts web    — the same app with the server-rendered web app, as the
 *                                            real store runs it (server.ts): WEB_BUILD_DIRECTORY or
 *                                            apps/web/build (npm run build); guest page cache as
 *                                            configured by the app's own defaults
 *   node scripts/bench/lib/serve.ts hello  — a raw node:http hello-world, the baseline
 * ORDER_* and LIST_INDEX of apps/server/src/config.ts pass through from the environment.
 * Listens on a free port on 127.0.0.1, prints "listening <port>", stops on SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const mode = process.argv[2];

async function startApp(withWeb: boolean): Promise<() => Promise<void>> {
  // React (the server build's renderer) picks its production build from the process's NODE_ENV,
  // which must be set before the build is imported, as a deployment sets it.
  process.env.NODE_ENV = "production";
  const { loadConfig } = await import("../../../apps/server/src/config.ts");
  const { buildApp } = await import("../../../apps/server/src/app.ts");
  const { openConfiguredDatabase } = await import("../../../apps/server/src/runtime.ts");
  const { ensureStoreSettings } = await import(
    "../../../apps/server/src/services/store-settings.ts"
  );
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name.startsWith("ORDER_") || name === "LIST_INDEX",
    ),
  );
  const config = loadConfig({
    ...passed,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    APP_SECRET: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
    SEED_DEMO: "0",
    LOG_LEVEL: "silent",
  });
  const database = await openConfiguredDatabase(config);
  await ensureStoreSettings(database.db);
  // The build is imported from inside this checkout, so its bare imports resolve from its
  // node_modules; `{ buildDirectory }` is what both the old and the new buildApp accept.
  const web = withWeb
    ? {
        buildDirectory:
          process.env.WEB_BUILD_DIRECTORY ??
          (await import("../../../apps/server/src/web.ts")).defaultBuildDirectory(),
      }
    : false;
  const app = await buildApp({ config, database, logger: false, web });
  await app.listen({ port: 0, host: "127.0.0.1" });
  console.log(`listening ${(app.server.address() as AddressInfo).port}`);
  return async () => {
    await app.close();
    await database.close();
  };
}

async function startHello(): Promise<() => Promise<void>> {
  const body = JSON.stringify({ hello: "world" });
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  console.log(`listening ${(server.address() as AddressInfo).port}`);
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

const stop =
  mode === "app" || mode === "web"
    ? await startApp(mode === "web")
    : mode === "hello"
      ? await startHello()
      : undefined;
if (!stop) {
  console.error("usage: node scripts/bench/lib/serve.ts app|web|hello");
  process.exit(2);
}
let stopping = false;
const shutDown = () => {
  if (stopping) return;
  stopping = true;
  stop().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on("SIGTERM", shutDown);
// The bench process holds our stdin: when it ends (even killed outright), so do we.
process.stdin.on("end", shutDown);
process.stdin.resume();
