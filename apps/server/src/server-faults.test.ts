/**
 * A store keeps running through database faults (issue #13, record 0032): a whole store
 * (startStore: API, read model, mail worker, campaign runner, popularity refresh, sweeps) whose
 * database connections are cut (pg_terminate_backend, as a restart does to every session) or whose
 * database goes away for a while (a TCP proxy in front of PostgreSQL is closed, then opened again:
 * the machine's PostgreSQL server itself is never touched, other tests use it). Throughout, no
 * promise rejection goes unhandled (one would stop the real process: close-with-grace exits on it),
 * API answers are 503 "try again" while the database is away, and everything answers again after.
 *
 * PGlite lives inside the process and cannot go away: there the tests check the 503 answer for a
 * connection error and that the store's jobs run their rounds under the (trivially taken) lock.
 */
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { eq, sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { createOrder, createProduct, createUser } from "../test/factories.ts";
import {
  buildTestApp,
  setupTestDatabase,
  type TestDatabase,
  testConfig,
  testDatabaseKind,
  vitestHooks,
} from "../test/helpers.ts";
import { type Database, openDatabase, rowsOf } from "./db/client.ts";
import { devMailbox, productPopularity, products } from "./db/schema.ts";
import { enqueueEmail } from "./mail/outbox.ts";
import { openConfiguredDatabase } from "./runtime.ts";
import { type RunningStore, startStore } from "./server.ts";
import { UNAVAILABLE_MESSAGE } from "./services/errors.ts";

const onPostgres = testDatabaseKind() === "postgres";

/** Every promise rejection nobody handled while the file runs (the real server would exit). */
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);
process.on("unhandledRejection", recordUnhandled);
vitestHooks.after(() => {
  process.off("unhandledRejection", recordUnhandled);
});

/** The URL of a test database (PostgreSQL), optionally through another host and port. */
function urlOf(database: TestDatabase, via?: { port: number }): string {
  const url = new URL(inject("testDatabaseUrl"));
  url.pathname = `/${database.name}`;
  if (via) {
    url.hostname = "127.0.0.1";
    url.port = String(via.port);
  }
  return url.href;
}

/** A whole store on `database`, listening on a free port; stopped when the test ends. */
async function runStore(database: Database): Promise<RunningStore & { url: string }> {
  const store = await startStore(testConfig({ port: 0, host: "127.0.0.1" }), { database });
  vitestHooks.after(() => store.stop());
  const { port } = store.app.server.address() as AddressInfo;
  return Object.assign(store, { url: `http://127.0.0.1:${port}` });
}

/** The store's database object without its close (the test file's cleanup closes that one). */
function borrowed(database: Database): Database {
  return { ...database, close: async () => {} };
}

async function get(store: { url: string }, path: string) {
  const response = await fetch(`${store.url}${path}`);
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as unknown,
  };
}

async function priceOf(store: { url: string }, id: string): Promise<number | undefined> {
  const reply = await get(store, `/api/products/${id}`);
  return reply.status === 200 ? (reply.body as { price: number }).price : undefined;
}

/** A TCP proxy to PostgreSQL that can be taken down (port closed, connections cut) and back up. */
async function startProxy(target: string) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(targetPort || 5432), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const down = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  vitestHooks.after(() => (server.listening ? down() : undefined));
  return { port, down, up: () => listen(port) };
}

describe("an API request while the database is away", () => {
  it("answers 503 with the error envelope and Retry-After, not 500; other failures stay 500", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const { app } = await buildTestApp({
      before: (app) => {
        app.get("/test/database-away", async () => {
          throw new DrizzleQueryError("select 1", [], refused);
        });
        app.get("/test/bug", async () => {
          throw new Error("a bug");
        });
      },
    });
    const away = await app.inject({ url: "/test/database-away" });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    expect(away.headers["retry-after"]).toBe("5");
    expect(away.body).not.toContain("ECONNREFUSED");
    const bug = await app.inject({ url: "/test/bug" });
    expect(bug.statusCode).toBe(500);
  });
});

describe("a store's background jobs", () => {
  it("run their rounds under their locks: the start-up popularity refresh counts the orders", async () => {
    const database = await setupTestDatabase();
    const shopper = await createUser(database.db);
    const kurta = await createProduct(database.db, { title: "Cotton Kurta" });
    await createOrder(database.db, {
      userId: shopper.id,
      items: [{ productId: kurta.id, quantity: 2 }],
    });
    const store = await runStore(borrowed(database));
    // Its first round starts as the store begins to listen (not awaited before: over a big
    // catalogue it is a whole-catalogue aggregate), so it is seen shortly after.
    await expect
      .poll(
        async () => {
          const [row] = await database.db
            .select({ unitsSold: productPopularity.unitsSold })
            .from(productPopularity)
            .where(eq(productPopularity.productId, kurta.id));
          return row?.unitsSold;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(await get(store, "/readyz")).toMatchObject({ status: 200, body: { status: "ready" } });
    // The mail worker polls: an e-mail queued now reaches the (development) mailbox.
    await enqueueEmail(database.db, {
      kind: "test",
      to: "shopper@example.in",
      subject: "Hello",
      html: "<p>Hello</p>",
      text: "Hello",
    });
    await expect
      .poll(async () => (await database.db.select().from(devMailbox)).length, { timeout: 10_000 })
      .toBe(1);
    expect(unhandled).toEqual([]);
  });
});

describe.runIf(onPostgres)("PostgreSQL faults", () => {
  it("every connection cut (as a restart does): the store keeps serving, and nothing goes unhandled", async () => {
    const database = await setupTestDatabase();
    const kurta = await createProduct(database.db, { title: "Cotton Kurta", price: 1200 });
    const store = await runStore(borrowed(database));
    expect((await get(store, "/api/products")).status).toBe(200);
    expect(await priceOf(store, kurta.id)).toBe(1200);

    const admin = postgres(urlOf(database), { max: 1, onnotice: () => {} });
    try {
      const [cut] = await admin`select count(*)::int as n from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()) as cut`;
      // The pool, the LISTEN connection and the lock connection at least.
      expect(cut!.n).toBeGreaterThanOrEqual(3);
    } finally {
      await admin.end({ timeout: 5 });
    }

    // A list never asked before must come from the database, over a pooled connection that was
    // just cut: the read is retried on a fresh one.
    const fresh = await get(store, "/api/products?limit=7");
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject([{ title: "Cotton Kurta" }]);
    await expect.poll(async () => (await get(store, "/readyz")).status).toBe(200);

    // The listener is back: a price set now is shown (never the one kept from before the cut).
    await database.db.update(products).set({ pricePaise: 130000 }).where(eq(products.id, kurta.id));
    await expect.poll(() => priceOf(store, kurta.id), { timeout: 10_000 }).toBe(1300);
    // The mail worker kept polling through it.
    await enqueueEmail(database.db, {
      kind: "test",
      to: "after-the-cut@example.in",
      subject: "Still here",
      html: "<p>Still here</p>",
      text: "Still here",
    });
    await expect
      .poll(async () => (await database.db.select().from(devMailbox)).length, { timeout: 10_000 })
      .toBe(1);
    expect(unhandled).toEqual([]);
  });

  it("the database away for a while: 503 and /readyz 503 meanwhile, everything back after", async () => {
    const database = await setupTestDatabase();
    const kurta = await createProduct(database.db, { title: "Silk Kurta", price: 2000 });
    const proxy = await startProxy(urlOf(database));
    const store = await runStore(
      await openDatabase({ kind: "postgres", url: urlOf(database, proxy), max: 4 }),
    );
    expect(await priceOf(store, kurta.id)).toBe(2000);
    expect((await get(store, "/readyz")).status).toBe(200);

    await proxy.down();
    expect(await get(store, "/readyz")).toEqual({
      status: 503,
      retryAfter: null,
      body: { status: "database unavailable" },
    });
    // A list not in memory, and a sign-in: the database is needed, and away.
    const list = await get(store, "/api/products?limit=5");
    expect(list).toEqual({ status: 503, retryAfter: "5", body: { message: UNAVAILABLE_MESSAGE } });
    const login = await fetch(`${store.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "shopper@example.in", password: "a-password-1" }),
    });
    expect(login.status).toBe(503);
    expect(await login.json()).toMatchObject({ message: UNAVAILABLE_MESSAGE });
    // A price changed while the store cannot hear the database's notices.
    await database.db.update(products).set({ pricePaise: 210000 }).where(eq(products.id, kurta.id));
    // Let the background jobs (worker, campaign runner, read model checks, LISTEN retries) meet
    // the missing database for a while.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await get(store, "/readyz")).status).toBe(503);

    await proxy.up();
    await expect
      .poll(async () => (await get(store, "/readyz")).status, { timeout: 10_000 })
      .toBe(200);
    expect((await get(store, "/api/products?limit=5")).status).toBe(200);
    // Never the price from before the outage.
    await expect.poll(() => priceOf(store, kurta.id), { timeout: 10_000 }).toBe(2100);
    expect(unhandled).toEqual([]);
  });

  it("DATABASE_POOL_MAX caps each process's pool", async () => {
    const database = await setupTestDatabase();
    const pooled = await openConfiguredDatabase(
      testConfig({ databaseUrl: urlOf(database), databasePoolMax: 2 }),
    );
    vitestHooks.after(() => pooled.close());
    /** How many of the pool's queries the server runs at this moment. */
    const sleeping = async () =>
      rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active'
            and query like 'select pg_sleep(0.4)%'`),
      )[0]!.n;
    // Six at once through a pool of two: two run, four wait for a connection.
    const running = Promise.all(
      Array.from({ length: 6 }, () => pooled.db.execute(sql`select pg_sleep(0.4)`)),
    );
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen.push(await sleeping());
    }
    await running;
    expect(Math.max(...seen)).toBe(2);
  });
});
