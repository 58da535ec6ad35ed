/**
 * One store process for the freshness test (src/routes/catalogue-freshness.test.ts): the app's API
 * (buildApp, as the real server builds it, without the web app) on DATABASE_URL, listening on a
 * free port on 127.0.0.1. Prints "listening <port>"; stops on SIGTERM or when its stdin closes (the
 * test runner that started it is gone). Run with Node 24: node apps/server/test/freshness-server.ts
 */
import type { AddressInfo } from "node:net";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("freshness-server: DATABASE_URL is required");

const config = loadConfig({
  NODE_ENV: "test",
  PORT: "0",
  HOST: "127.0.0.1",
  PUBLIC_URL: "http://localhost:3000",
  DATABASE_URL: url,
  DATA_DIR: process.env.DATA_DIR,
  APP_SECRET: process.env.APP_SECRET,
  SEED_DEMO: "0",
  LOG_LEVEL: "silent",
});
// The test database is migrated by the test before either process starts.
const database = await openDatabase({ kind: "postgres", url, max: 4 });
const app = await buildApp({ config, database, web: false, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.stdin.on("close", () => void stop());
process.stdin.resume();
