/**
 * One-time codes (registration, password reset, e-mail change): 6 digits from a secure random
 * source, valid 600 s, single use, bound to purpose and address, stored as an HMAC, dead after
 * 5 wrong tries. A new code replaces the previous one of the same purpose and address.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { AUTH_MESSAGES, CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from "@vastra/contracts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
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
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
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
  await db.insert(oneTimeCodes).values({
    purpose: input.purpose,
    email: input.email,
    userId: input.userId,
    codeHash: codeHash(secret, input.purpose, input.email, code),
    expiresAt: new Date(input.now.getTime() + CODE_TTL_SECONDS * 1000),
    createdAt: input.now,
  });
  return code;
}

/**
 * Checks a code and uses it up. A wrong code counts an attempt (kept even though the caller's
 * request fails), so call this outside a transaction that the failure would roll back.
 */
export async function consumeCode(
  db: DbOrTx,
  secret: string,
  input: { purpose: CodePurpose; email: string; code: string; now: Date; userId?: string },
): Promise<{ userId: string | null }> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, input.purpose),
        eq(oneTimeCodes.email, input.email),
        isNull(oneTimeCodes.consumedAt),
        ...(input.userId ? [eq(oneTimeCodes.userId, input.userId)] : []),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const fail = (message: string) => ValidationError.field("otp", message);
  if (!row) throw fail(AUTH_MESSAGES.codeExpired);
  if (row.expiresAt.getTime() <= input.now.getTime()) throw fail(AUTH_MESSAGES.codeExpired);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw fail(AUTH_MESSAGES.codeLocked);
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(secret, input.purpose, input.email, input.code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const [updated] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, row.id))
      .returning({ attempts: oneTimeCodes.attempts });
    const left = CODE_MAX_ATTEMPTS - (updated?.attempts ?? CODE_MAX_ATTEMPTS);
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
    .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw fail(AUTH_MESSAGES.codeExpired);
  return { userId: row.userId };
}
