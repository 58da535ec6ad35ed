/**
 * Sessions: an opaque random token in the cookie, only its SHA-256 stored; 30-day sliding expiry.
 */
import { createHash, randomBytes } from "node:crypto";
import { SESSION_DAYS } from "@vastra/contracts";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { userSessions, users } from "../../db/schema.ts";
import type { SessionCache, SessionRow } from "./session-cache.ts";

const DAY_MS = 86_400_000;
export const SESSION_TTL_MS = SESSION_DAYS * DAY_MS;
/** A session's expiry is pushed forward at most this often (one write per hour per session). */
const TOUCH_EVERY_MS = 3_600_000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export type SessionMeta = { userAgent?: string | undefined; ip?: string | undefined };

export async function createSession(
  db: DbOrTx,
  userId: string,
  now: Date,
  meta: SessionMeta = {},
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(userSessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt,
      lastSeenAt: now,
      userAgent: meta.userAgent?.slice(0, 300),
      ip: meta.ip,
    })
    .returning({ id: userSessions.id });
  return { token, id: row!.id, expiresAt };
}

export type SessionUser = typeof users.$inferSelect;
export type ActiveSession = { id: string; expiresAt: Date; user: SessionUser; renewed: boolean };

/** Behind every signed-in request: built once (db/prepared.ts). */
const sessionByToken = prepared<{ tokenHash: string; now: string }, SessionRow[]>(
  "session_by_token",
  (db) =>
    db
      .select({ session: userSessions, user: users })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(
        and(
          eq(userSessions.tokenHash, sql.placeholder("tokenHash")),
          gt(userSessions.expiresAt, sql.placeholder("now")),
        ),
      ),
);

/**
 * The live session of a token, its expiry slid forward; undefined when unknown or expired. With a
 * cache (record 0068), a session read within its rules is answered from memory.
 */
export async function findSession(
  db: DbOrTx,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token);
  const touchDue = (r: SessionRow) =>
    now.getTime() - r.session.lastSeenAt.getTime() > TOUCH_EVERY_MS;
  const kept = cache?.lookup(tokenHash, now, touchDue);
  if (kept)
    return {
      id: kept.session.id,
      expiresAt: kept.session.expiresAt,
      user: kept.user,
      renewed: false,
    };
  const epoch = cache?.epoch ?? 0;
  const [row] = await sessionByToken(db, { tokenHash, now: now.toISOString() });
  if (!row) return undefined;
  if (!touchDue(row)) {
    cache?.keep(tokenHash, row, epoch);
    return { id: row.session.id, expiresAt: row.session.expiresAt, user: row.user, renewed: false };
  }
  // The sliding write: its notice drops this session everywhere; the next request reads it again.
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .update(userSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(userSessions.id, row.session.id));
  return { id: row.session.id, expiresAt, user: row.user, renewed: true };
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/** Ends every session of a user, but the one kept (if any). */
export async function deleteUserSessions(
  db: DbOrTx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .delete(userSessions)
    .where(
      keepSessionId
        ? and(eq(userSessions.userId, userId), ne(userSessions.id, keepSessionId))
        : eq(userSessions.userId, userId),
    );
}
