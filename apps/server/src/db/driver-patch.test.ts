/**
 * postgres.js 3.4.9 has two faults that stop a process when PostgreSQL restarts, both unfixed
 * upstream and fixed by patches/postgres+3.4.9.patch (applied by `npm ci`'s postinstall,
 * patch-package; record 0032):
 *  - a write buffered for a connection that then closed ran against a null socket from a timer
 *    (porsager/postgres#1154, #1208), and left the connection unable to write again;
 *  - the array types it reads first on each new connection were read by a promise without a
 *    handler: a connection lost during that first query rejected it unhandled.
 * The second is shown here against a stand-in server that drops the connection at that moment.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterEach, expect, it } from "vitest";

it("the database driver in use carries both fixes", () => {
  const esm = fileURLToPath(import.meta.resolve("postgres"));
  const cjs = createRequire(import.meta.url).resolve("postgres");
  for (const entry of new Set([esm, cjs])) {
    const connection = readFileSync(entry.replace(/index\.js$/, "connection.js"), "utf8");
    expect(connection, entry).toMatch(/function nextWrite\(fn\) \{\n\s+if \(!socket\) \{/);
    expect(connection.match(/chunk = nextWriteTimer = null \/\/ Vastra patch/g)).toHaveLength(2);
    expect(connection).toContain("return fetchArrayTypes().catch(() => {})");
  }
});

/** A message of PostgreSQL's protocol: type byte, length, body. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off("unhandledRejection", record);
});

it("a connection lost while it reads the array types fails the query, with nothing unhandled", async () => {
  process.on("unhandledRejection", record);
  // Accepts the start-up, says it is ready, and drops the connection on the first query (which
  // is the driver's array types query), then refuses new connections (the database is away).
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let started = false;
    socket.on("error", () => {});
    socket.on("data", () => {
      if (!started) {
        started = true;
        const ok = Buffer.alloc(4); // AuthenticationOk
        socket.write(Buffer.concat([message("R", ok), message("Z", Buffer.from("I"))]));
        return;
      }
      server.close();
      socket.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const sql = postgres({
    host: "127.0.0.1",
    port,
    database: "x",
    username: "x",
    max: 1,
    connect_timeout: 2,
    backoff: () => 0.05,
    onnotice: () => {},
  });
  try {
    await expect(sql`select 1`).rejects.toMatchObject({ code: expect.any(String) });
    // The driver tries again (refused); give any stray rejection its turn.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unhandled).toEqual([]);
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
    for (const socket of sockets) socket.destroy();
    server.close();
  }
});
