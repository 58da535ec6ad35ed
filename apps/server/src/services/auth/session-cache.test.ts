/**
 * Sessions kept in memory (record 0068): served from memory, never once the database has ended or
 * changed them. On both databases; two processes: routes/catalogue-freshness.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../../test/helpers.ts";
import type { Database, DbOrTx } from "../../db/client.ts";
import { userSessions, users } from "../../db/schema.ts";
import { listenSessions, SessionCache, type SessionRow } from "./session-cache.ts";
import { findSession, hashToken } from "./sessions.ts";

const clock = createTestClock();
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const me = (cookie: string) => app.inject({ url: "/api/auth/me", headers: { cookie } });

/** A database whose every statement fails: what is answered came from memory. */
const noDatabase = new Proxy({} as DbOrTx, {
  get() {
    throw new Error("the database was asked");
  },
});

/** Until `holds` (a change by another writer reaches the listener within milliseconds). */
async function within(ms: number, holds: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await holds())) {
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a signed-in shopper's session, from memory", () => {
  it("is answered from memory once read, and read again from the database after a sign-out", async () => {
    const cache = new SessionCache();
    cache.resume();
    const shopper = await createUser(db, { now: clock() });
    const first = await findSession(db, shopper.token, clock(), cache);
    expect(first?.user.id).toBe(shopper.id);
    const again = await findSession(noDatabase, shopper.token, clock(), cache);
    expect(again).toEqual({ ...first, renewed: false });

    cache.apply(shopper.id);
    await expect(findSession(noDatabase, shopper.token, clock(), cache)).rejects.toThrow(
      "the database was asked",
    );
  });

  it("is signed out at once: the same cookie right after the sign-out's reply is a guest's", async () => {
    // Several times: on PostgreSQL the notice comes over another connection, and without the
    // reply waiting for it, it sometimes comes after the next request.
    for (let i = 0; i < 8; i++) {
      const shopper = await createUser(db, { now: clock() });
      expect((await me(shopper.cookie)).statusCode).toBe(200);
      expect((await me(shopper.cookie)).statusCode).toBe(200);
      const out = await app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { cookie: shopper.cookie },
      });
      expect(out.statusCode).toBe(200);
      expect((await me(shopper.cookie)).statusCode).toBe(401);
    }
  });

  it("a password change ends the shopper's other sessions at once, and keeps this one", async () => {
    const shopper = await createUser(db, { now: clock(), password: "old-password-1" });
    const other = await createUser(db, { now: clock() });
    // A second device of the same shopper, read once so that it is kept.
    const [phone] = await db
      .insert(userSessions)
      .values({
        userId: shopper.id,
        tokenHash: hashToken("second-device-token"),
        expiresAt: new Date(clock().getTime() + 86_400_000),
        lastSeenAt: clock(),
      })
      .returning();
    const phoneCookie = `${shopper.cookie.split("=")[0]}=second-device-token`;
    expect((await me(phoneCookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);

    const changed = await app.inject({
      method: "PUT",
      url: "/api/auth/password",
      headers: { cookie: shopper.cookie },
      payload: { currentPassword: "old-password-1", newPassword: "new-password-2" },
    });
    expect(changed.statusCode).toBe(200);
    expect(phone).toBeDefined();
    expect((await me(phoneCookie)).statusCode).toBe(401);
    expect((await me(shopper.cookie)).statusCode).toBe(200);
    // Another shopper's kept session is not touched.
    expect((await me(other.cookie)).statusCode).toBe(200);
  });

  it("a name change shows on the very next request", async () => {
    const shopper = await createUser(db, { now: clock(), name: "Asha Rao" });
    expect((await me(shopper.cookie)).json().name).toBe("Asha Rao");
    const renamed = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: { cookie: shopper.cookie },
      payload: { name: "Asha R. Menon" },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(shopper.cookie)).json().name).toBe("Asha R. Menon");
  });

  it("changes made outside the app (SQL) are heard: a deleted session, an admin no longer one", async () => {
    const shopper = await createUser(db, { now: clock() });
    expect((await me(shopper.cookie)).statusCode).toBe(200);
    await db.delete(userSessions).where(eq(userSessions.userId, shopper.id));
    await within(1000, async () => (await me(shopper.cookie)).statusCode === 401);

    const admin = await createUser(db, { now: clock(), isAdmin: true });
    const stats = () =>
      app.inject({ url: "/api/admin/stats/overview", headers: { cookie: admin.cookie } });
    expect((await stats()).statusCode).not.toBe(403);
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    await within(1000, async () => (await stats()).statusCode === 403);
  });

  it("an expired session is refused though it is kept, and the hourly sliding write still happens", async () => {
    const shopper = await createUser(db, { now: clock() });
    expect((await me(shopper.cookie)).statusCode).toBe(200);
    // Past the hour: the expiry slides (a new cookie), written to the database.
    clock.advance(2 * 3_600_000);
    const slid = await me(shopper.cookie);
    expect(slid.statusCode).toBe(200);
    expect(slid.cookies.some((c) => c.name === shopper.cookie.split("=")[0])).toBe(true);
    const [row] = await db.select().from(userSessions).where(eq(userSessions.userId, shopper.id));
    expect(row!.lastSeenAt.getTime()).toBe(clock().getTime());
    expect((await me(shopper.cookie)).statusCode).toBe(200);
    // Expiry ends it, read from memory or not.
    clock.advance(31 * 86_400_000);
    expect((await me(shopper.cookie)).statusCode).toBe(401);
  });
});

describe("what the cache keeps and when it serves", () => {
  const row = (userId: string, expiresAt = new Date(Date.now() + 86_400_000)): SessionRow =>
    ({
      session: { id: `s-${userId}`, userId, expiresAt, lastSeenAt: new Date() },
      user: { id: userId },
    }) as SessionRow;
  const never = () => false;

  it("drops only the named user's entries, and everything on '*'", () => {
    const cache = new SessionCache();
    cache.resume();
    cache.keep("a1", row("u1"), cache.epoch);
    cache.keep("a2", row("u1"), cache.epoch);
    cache.keep("b1", row("u2"), cache.epoch);
    cache.apply("u1");
    expect(cache.lookup("a1", new Date(), never)).toBeUndefined();
    expect(cache.lookup("a2", new Date(), never)).toBeUndefined();
    expect(cache.lookup("b1", new Date(), never)?.user.id).toBe("u2");
    cache.apply("*");
    expect(cache.size).toBe(0);
  });

  it("keeps nothing read before a notice, and serves nothing while suspended", () => {
    const cache = new SessionCache();
    cache.resume();
    const epoch = cache.epoch;
    cache.apply("someone-else");
    cache.keep("a1", row("u1"), epoch);
    expect(cache.size).toBe(0);

    cache.keep("a1", row("u1"), cache.epoch);
    cache.suspend();
    expect(cache.lookup("a1", new Date(), never)).toBeUndefined();
    cache.keep("a1", row("u1"), cache.epoch);
    expect(cache.size).toBe(0);
  });

  it("serves an entry for maxAgeMs at most, and never past its expiry", async () => {
    const cache = new SessionCache({ maxAgeMs: 50 });
    cache.resume();
    cache.keep("a1", row("u1"), cache.epoch);
    expect(cache.lookup("a1", new Date(), never)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.lookup("a1", new Date(), never)).toBeUndefined();

    cache.keep("b1", row("u2", new Date(Date.now() + 1000)), cache.epoch);
    expect(cache.lookup("b1", new Date(Date.now() + 1000), never)).toBeUndefined();
  });

  it("stops serving when a notice sent to itself does not come back, and serves again when one does", async () => {
    let deliver: ((payload: string) => void) | undefined;
    let deaf = true;
    const fake = {
      kind: "postgres",
      db: {
        // The notice the cache sends itself (`ping:<token>` among the statement's values): it
        // comes back over the listener, unless deaf.
        execute: async (query: unknown) => {
          const ping = JSON.stringify(query).match(/ping:[0-9a-f-]{36}/)?.[0];
          if (ping && !deaf) setTimeout(() => deliver?.(ping), 5);
        },
      },
      listen: async (
        _channel: string,
        handlers: { onMessage(p: string): void; onConnect?(): void },
      ) => {
        deliver = handlers.onMessage;
        handlers.onConnect?.();
        return async () => {};
      },
    } as unknown as Database;
    const listening = await listenSessions(fake);
    expect(listening.cache.serving).toBe(true);
    listening.cache.keep("a1", row("u1"), listening.cache.epoch);
    await listening.settle();
    expect(listening.cache.serving).toBe(false);
    expect(listening.cache.size).toBe(0);
    deaf = false;
    await listening.settle();
    expect(listening.cache.serving).toBe(true);
    await listening.close();
  });
});
