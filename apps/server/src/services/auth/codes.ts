/**
 * One-time codes (registration, password reset, e-mail change): 6 digits from a secure random
 * source, valid 600 s, single use, bound to purpose and address, stored as an HMAC, dead after
 * 5 wrong tries. A new reset or e-mail change code replaces the previous one of the same purpose and
 * address; registration codes do not (each carries its own registration's details, so somebody
 * else registering the same address cannot kill or replace the owner's code).
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { AUTH_MESSAGES, CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from "@vastra/contracts";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { oneTimeCodes } from "../../db/schema.ts";
import { ValidationError } from "../errors.ts";

export type CodePurpose = "register" | "reset" | "email_change";

function codeHash(secret: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${email}\n${code}`).digest("base64url");
}

export async function issueCode(
  db: DbOrTx,
  secret: string,
  input: { purpose: CodePurpose; email: string; userId: string | null; now: Date },
): Promise<{ code: string; id: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  if (input.purpose !== "register") {
    await db
      .update(oneTimeCodes)
      .set({ consumedAt: input.now })
      .where(
        and(
          eq(oneTimeCodes.purpose, input.purpose),
          eq(oneTimeCodes.email, input.email),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
  }
  const [row] = await db
    .insert(oneTimeCodes)
    .values({
      purpose: input.purpose,
      email: input.email,
      userId: input.userId,
      codeHash: codeHash(secret, input.purpose, input.email, code),
      expiresAt: new Date(input.now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: input.now,
    })
    .returning({ id: oneTimeCodes.id });
  return { code, id: row!.id };
}

/**
 * Checks a code and uses it up; returns the matching code's id and user. The attempt is taken
 * first, atomically (`attempts = attempts + 1 … where attempts < 5 returning`), and only then is the
 * code compared, so parallel guesses cannot all see `attempts = 0`: the database counts each one and
 * the sixth finds no code left to try. A wrong code's attempt is kept even though the caller's
 * request fails, so call this outside a transaction that the failure would roll back.
 */
export async function consumeCode(
  db: DbOrTx,
  secret: string,
  input: { purpose: CodePurpose; email: string; code: string; now: Date; userId?: string },
): Promise<{ id: string; userId: string | null }> {
  const live = and(
    eq(oneTimeCodes.purpose, input.purpose),
    eq(oneTimeCodes.email, input.email),
    isNull(oneTimeCodes.consumedAt),
    gt(oneTimeCodes.expiresAt, input.now),
    ...(input.userId ? [eq(oneTimeCodes.userId, input.userId)] : []),
  );
  const tried = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(live, lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({
      id: oneTimeCodes.id,
      userId: oneTimeCodes.userId,
      codeHash: oneTimeCodes.codeHash,
      attempts: oneTimeCodes.attempts,
    });
  const fail = (message: string) => ValidationError.field("otp", message);
  if (tried.length === 0) {
    // Nothing left to try: a live code whose tries are used up, or none at all.
    const [locked] = await db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(live)
      .limit(1);
    throw fail(locked ? AUTH_MESSAGES.codeLocked : AUTH_MESSAGES.codeExpired);
  }
  const given = Buffer.from(codeHash(secret, input.purpose, input.email, input.code));
  const match = tried.find((row) => {
    const expected = Buffer.from(row.codeHash);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!match) {
    const left = CODE_MAX_ATTEMPTS - Math.min(...tried.map((row) => row.attempts));
    throw fail(
      left > 0
        ? `${AUTH_MESSAGES.codeInvalid}. ${left} ${left === 1 ? "attempt" : "attempts"} left.`
        : AUTH_MESSAGES.codeLocked,
    );
  }
  // Single use: only the request that flips consumed_at wins.
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: input.now })
    .where(and(eq(oneTimeCodes.id, match.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw fail(AUTH_MESSAGES.codeExpired);
  return { id: match.id, userId: match.userId };
}
