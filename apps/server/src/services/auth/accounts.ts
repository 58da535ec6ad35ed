/**
 * Accounts: join with an e-mail code, sign in, reset, profile, e-mail and password change
 * (storefront.md §3-§8, decisions.md §2). Rules live here; routes only translate HTTP.
 */
import { createRequire } from "node:module";
import { AUTH_MESSAGES, RESEND_MIN_SECONDS, RESENDS_PER_HOUR, type User } from "@vastra/contracts";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type * as DumbPasswords from "dumb-passwords";
import type { Db, DbOrTx } from "../../db/client.ts";
import { oneTimeCodes, pendingRegistrations, users } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { newAffiliateCode } from "../affiliate-code.ts";
import type { Clock } from "../clock.ts";
import {
  AppError,
  ConflictError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from "../errors.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import type { RateLimits } from "../rate-limit.ts";
import { getStoreSettings } from "../store-settings.ts";
import { type CodePurpose, consumeCode, issueCode } from "./codes.ts";
import {
  emailChangeAttemptNoticeEmail,
  emailChangeCodeEmail,
  emailChangeNoticeEmail,
  passwordChangedEmail,
  registerAttemptNoticeEmail,
  resetCodeEmail,
  verificationCodeEmail,
} from "./emails.ts";
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  type SessionMeta,
  type SessionUser,
} from "./sessions.ts";

export type AuthDeps = { db: Db; clock: Clock; rateLimits: RateLimits; secret: string };

export type SignedIn = { user: User; token: string; expiresAt: Date };

const TOO_MANY = {
  loginIp: "Too many sign-in attempts. Please wait a minute and try again.",
  loginAccount:
    "Too many failed sign-in attempts for this account. Please try again in an hour or reset your password.",
  registerIp: "Too many sign-ups from your network. Please try again later.",
  codeTooSoon: `Please wait ${RESEND_MIN_SECONDS} seconds before asking for another code.`,
  codeHourly: "Too many codes were requested for this address. Please try again in an hour.",
  verifyIp: "Too many code attempts. Please wait a few minutes and try again.",
  forgotIp: "Too many password reset requests. Please try again later.",
  passwordCheck: "Too many wrong password attempts. Please try again in an hour.",
  emailChangeAccount: "Too many e-mail change requests. Please try again in an hour.",
};

/** What a registration asked for; applied to the account only when its own code is entered. */
type PendingDetails = {
  name: string;
  phone: string | null;
  passwordHash: string;
  referredById: string | null;
};

export function toUser(row: SessionUser): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    affiliateCode: row.affiliateCode,
  };
}

/**
 * dumb-passwords builds a tree of its 10,000 common passwords when loaded (~50-150 ms on the
 * 2-core machine, the largest single library initialisation of a start): loaded with the first
 * password checked rather than at start-up (issue #11, record 0062).
 */
let dumbPasswords: typeof DumbPasswords | undefined;

export function isCommonPassword(password: string): boolean {
  dumbPasswords ??= createRequire(import.meta.url)("dumb-passwords") as typeof DumbPasswords;
  return dumbPasswords.check(password);
}

function checkNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw ValidationError.field(field, AUTH_MESSAGES.passwordCommon);
}

const normalisePhone = (phone: string | null | undefined) => (phone ? phone : null);

export function createAuthService(deps: AuthDeps) {
  const { db, clock, secret } = deps;
  const limits = {
    loginIp: deps.rateLimits.limiter("login-ip", { points: 10, windowSeconds: 60 }),
    loginFailures: deps.rateLimits.limiter("login-fail-account", {
      points: 20,
      windowSeconds: 3600,
    }),
    // Indian mobile networks put many shoppers behind one address (CGNAT): per-IP limits stay generous.
    registerIp: deps.rateLimits.limiter("register-ip", { points: 30, windowSeconds: 3600 }),
    forgotIp: deps.rateLimits.limiter("forgot-ip", { points: 10, windowSeconds: 3600 }),
    resendIp: deps.rateLimits.limiter("resend-ip", { points: 20, windowSeconds: 3600 }),
    verifyIp: deps.rateLimits.limiter("verify-ip", { points: 30, windowSeconds: 600 }),
    codeMinute: deps.rateLimits.limiter("code-send-min", {
      points: 1,
      windowSeconds: RESEND_MIN_SECONDS,
    }),
    codeHour: deps.rateLimits.limiter("code-send-hour", {
      points: RESENDS_PER_HOUR,
      windowSeconds: 3600,
    }),
    // "Someone tried to use your address" notices: one an hour per address and kind, dropped
    // silently beyond that (a 429 would tell the caller the address has an account).
    notice: deps.rateLimits.limiter("account-notice", { points: 1, windowSeconds: 3600 }),
    // Current-password checks of a signed-in account (a session left open is not a password).
    passwordCheck: deps.rateLimits.limiter("password-check", { points: 10, windowSeconds: 3600 }),
    emailChangeAccount: deps.rateLimits.limiter("email-change-account", {
      points: RESENDS_PER_HOUR,
      windowSeconds: 3600,
    }),
  };

  // Unknown addresses cost a password check too, so the answer's timing does not tell.
  let dummyHash: Promise<string> | undefined;
  const timingHash = () => {
    dummyHash ??= hashPassword("not-a-password-anyone-has");
    return dummyHash;
  };

  /** Sends a notice unless this address had one of this kind in the last hour (silently). */
  async function noticeAllowed(kind: string, email: string): Promise<boolean> {
    try {
      await limits.notice.consume(`${kind}:${email}`, "");
      return true;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return false;
      throw error;
    }
  }

  /** Checks a signed-in user's current password (counted first, so guesses are capped). */
  async function checkCurrentPassword(user: SessionUser, password: string): Promise<void> {
    await limits.passwordCheck.consume(user.id, TOO_MANY.passwordCheck);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw ValidationError.field("currentPassword", AUTH_MESSAGES.currentPasswordWrong);
    }
    await limits.passwordCheck.reset(user.id);
  }

  /** At most one code a minute and five an hour per purpose and address, known or not. */
  async function throttleCode(purpose: CodePurpose, email: string): Promise<void> {
    const key = `${purpose}:${email}`;
    await limits.codeHour.check(key, TOO_MANY.codeHourly);
    await limits.codeMinute.consume(key, TOO_MANY.codeTooSoon);
    await limits.codeHour.consume(key, TOO_MANY.codeHourly);
  }

  async function findByEmail(tx: DbOrTx, email: string): Promise<SessionUser | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row;
  }

  async function sendCode(
    tx: DbOrTx,
    purpose: CodePurpose,
    user: { id: string; name: string },
    to: string,
    pending?: PendingDetails,
  ): Promise<void> {
    const { code, id } = await issueCode(tx, secret, {
      purpose,
      email: to,
      userId: user.id,
      now: clock(),
    });
    if (pending) await tx.insert(pendingRegistrations).values({ codeId: id, ...pending });
    const store = await getStoreSettings(tx);
    const content =
      purpose === "register"
        ? verificationCodeEmail(store, pending?.name ?? user.name, code)
        : purpose === "reset"
          ? resetCodeEmail(store, user.name, code)
          : emailChangeCodeEmail(store, user.name, code);
    await enqueueEmail(tx, { ...content, kind: `code-${purpose}`, to });
  }

  /**
   * decisions.md §2: signing in to an unverified account e-mails a fresh join code, within the
   * per-address limits (one a minute, five an hour, shared with sign-up and resend). When they
   * refuse, the answer says so and names the newest code that still works: before, a refused code
   * was swallowed and the page said "we have e-mailed you a code" with nothing sent (record 0035).
   * Any other failure is the caller's error, never hidden.
   */
  async function verifyFirst(row: SessionUser): Promise<AppError> {
    const email = row.email.toLowerCase();
    let retryAfterSeconds: number | undefined;
    try {
      await throttleCode("register", email);
      await db.transaction((tx) => sendCode(tx, "register", row, email));
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      retryAfterSeconds = error.retryAfterSeconds;
    }
    const [newest] = await db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.purpose, "register"),
          eq(oneTimeCodes.email, email),
          isNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, clock()),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    return new AppError(403, AUTH_MESSAGES.verifyFirst, {
      details: {
        codeSent: retryAfterSeconds === undefined,
        codeSentAt: newest ? newest.createdAt.toISOString() : null,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      },
    });
  }

  async function signIn(tx: DbOrTx, row: SessionUser, meta: SessionMeta): Promise<SignedIn> {
    const session = await createSession(tx, row.id, clock(), meta);
    return { user: toUser(row), token: session.token, expiresAt: session.expiresAt };
  }

  return {
    async register(
      input: {
        name: string;
        email: string;
        phone?: string | null;
        password: string;
        referredBy?: string | null;
      },
      ip: string,
    ): Promise<{ email: string }> {
      await limits.registerIp.consume(ip, TOO_MANY.registerIp);
      checkNewPassword(input.password, "password");
      let referrerId: string | null = null;
      if (input.referredBy) {
        const [referrer] = await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.affiliateCode, input.referredBy));
        if (!referrer || referrer.email.toLowerCase() === input.email) {
          throw ValidationError.field("referredBy", AUTH_MESSAGES.invalidReferral);
        }
        referrerId = referrer.id;
      }
      await throttleCode("register", input.email);
      // Hashed for a taken address as well: the answer and its timing are those of a free one.
      const passwordHash = await hashPassword(input.password);
      const existing = await findByEmail(db, input.email);
      if (existing?.emailVerifiedAt) {
        // No code, only a notice to the owner: nothing here can sign anybody in.
        if (await noticeAllowed("register", input.email)) {
          const store = await getStoreSettings(db);
          await enqueueEmail(db, {
            ...registerAttemptNoticeEmail(store, existing.name),
            kind: "register-attempt-notice",
            to: existing.email,
          });
        }
        return { email: input.email };
      }
      const pending: PendingDetails = {
        name: input.name,
        phone: normalisePhone(input.phone),
        passwordHash,
        referredById: referrerId,
      };
      await db.transaction(async (tx) => {
        // A new address gets its account now; an unverified one keeps its details until a code is
        // entered (registering again must not replace the password of somebody else's sign-up).
        const row = existing ?? (await insertUser(tx, { email: input.email, ...pending }));
        await sendCode(tx, "register", row, input.email, pending);
      });
      return { email: input.email };
    },

    async verifyRegistration(
      input: { email: string; otp: string },
      ip: string,
      meta: SessionMeta,
    ): Promise<SignedIn> {
      await limits.verifyIp.consume(ip, TOO_MANY.verifyIp);
      const existing = await findByEmail(db, input.email);
      // A verified address answers like an unknown one: it has no join code (and says nothing).
      if (existing?.emailVerifiedAt) throw ValidationError.field("otp", AUTH_MESSAGES.codeExpired);
      const { id: codeId } = await consumeCode(db, secret, {
        purpose: "register",
        email: input.email,
        code: input.otp,
        now: clock(),
      });
      return db.transaction(async (tx) => {
        // The details that came with this very code (none for a code sent at sign-in: the
        // account's own details, whose password the sign-in just proved).
        const [pending] = await tx
          .select()
          .from(pendingRegistrations)
          .where(eq(pendingRegistrations.codeId, codeId));
        const details = pending
          ? {
              name: pending.name,
              phone: pending.phone,
              passwordHash: pending.passwordHash,
              referredById: pending.referredById,
            }
          : {};
        const [row] = await tx
          .update(users)
          .set({ ...details, emailVerifiedAt: clock(), updatedAt: clock() })
          .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.emailVerifiedAt)))
          .returning();
        if (!row) throw ValidationError.field("otp", AUTH_MESSAGES.codeExpired);
        // The other sign-ups of this address are over: their codes die with them.
        await tx
          .update(oneTimeCodes)
          .set({ consumedAt: clock() })
          .where(
            and(
              eq(oneTimeCodes.purpose, "register"),
              eq(oneTimeCodes.email, input.email),
              isNull(oneTimeCodes.consumedAt),
            ),
          );
        await tx
          .delete(pendingRegistrations)
          .where(
            sql`${pendingRegistrations.codeId} in (select ${oneTimeCodes.id} from ${oneTimeCodes} where ${oneTimeCodes.purpose} = 'register' and ${oneTimeCodes.email} = ${input.email})`,
          );
        return signIn(tx, row, meta);
      });
    },

    async resendRegistrationCode(input: { email: string }, ip: string): Promise<void> {
      await limits.resendIp.consume(ip, TOO_MANY.registerIp);
      await throttleCode("register", input.email);
      const existing = await findByEmail(db, input.email);
      // Unknown and already verified addresses answer the same, and get nothing.
      if (!existing || existing.emailVerifiedAt) return;
      // The new code carries the details of the newest sign-up of this address.
      const [newest] = await db
        .select({
          name: pendingRegistrations.name,
          phone: pendingRegistrations.phone,
          passwordHash: pendingRegistrations.passwordHash,
          referredById: pendingRegistrations.referredById,
        })
        .from(pendingRegistrations)
        .innerJoin(oneTimeCodes, eq(oneTimeCodes.id, pendingRegistrations.codeId))
        .where(and(eq(oneTimeCodes.purpose, "register"), eq(oneTimeCodes.email, input.email)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      await db.transaction((tx) => sendCode(tx, "register", existing, input.email, newest));
    },

    async login(
      input: { email: string; password: string },
      ip: string,
      meta: SessionMeta,
    ): Promise<SignedIn> {
      await limits.loginIp.consume(ip, TOO_MANY.loginIp);
      // Counted before the password is hashed, so parallel guesses cannot pass the cap; a
      // successful sign-in forgets the count.
      await limits.loginFailures.consume(input.email, TOO_MANY.loginAccount);
      const row = await findByEmail(db, input.email);
      const ok = await verifyPassword(input.password, row?.passwordHash ?? (await timingHash()));
      if (!row || !ok) throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
      if (!row.emailVerifiedAt) throw await verifyFirst(row);
      await limits.loginFailures.reset(input.email);
      return signIn(db, row, meta);
    },

    async logout(sessionId: string): Promise<void> {
      await deleteSession(db, sessionId);
    },

    async forgotPassword(input: { email: string }, ip: string): Promise<void> {
      await limits.forgotIp.consume(ip, TOO_MANY.forgotIp);
      await throttleCode("reset", input.email);
      const row = await findByEmail(db, input.email);
      if (!row) return;
      await db.transaction((tx) => sendCode(tx, "reset", row, input.email));
    },

    async resetPassword(
      input: { email: string; otp: string; newPassword: string },
      ip: string,
    ): Promise<void> {
      await limits.verifyIp.consume(ip, TOO_MANY.verifyIp);
      checkNewPassword(input.newPassword, "newPassword");
      const { userId } = await consumeCode(db, secret, {
        purpose: "reset",
        email: input.email,
        code: input.otp,
        now: clock(),
      });
      if (!userId) throw ValidationError.field("otp", AUTH_MESSAGES.codeExpired);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        // Receiving the code proves the address, so an unverified account becomes verified.
        const [row] = await tx
          .update(users)
          .set({
            passwordHash,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${clock().toISOString()}::timestamptz)`,
            updatedAt: clock(),
          })
          .where(eq(users.id, userId))
          .returning();
        await deleteUserSessions(tx, userId);
        if (row) {
          const store = await getStoreSettings(tx);
          await enqueueEmail(tx, {
            ...passwordChangedEmail(store, row.name),
            kind: "password-changed",
            to: row.email,
          });
        }
      });
      await limits.loginFailures.reset(input.email);
    },

    async updateProfile(
      userId: string,
      input: { name: string; phone?: string | null },
    ): Promise<User> {
      const [row] = await db
        .update(users)
        .set({ name: input.name, phone: normalisePhone(input.phone), updatedAt: clock() })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw new UnauthorizedError();
      return toUser(row);
    },

    async requestEmailChange(
      user: SessionUser,
      input: { newEmail: string; currentPassword: string },
    ): Promise<void> {
      await checkCurrentPassword(user, input.currentPassword);
      if (input.newEmail === user.email.toLowerCase())
        throw ValidationError.field("newEmail", AUTH_MESSAGES.sameEmail);
      await limits.emailChangeAccount.consume(user.id, TOO_MANY.emailChangeAccount);
      await throttleCode("email_change", input.newEmail);
      const taken = await findByEmail(db, input.newEmail);
      await db.transaction(async (tx) => {
        const store = await getStoreSettings(tx);
        if (!taken) {
          await sendCode(tx, "email_change", user, input.newEmail);
        } else if (await noticeAllowed("email-change", input.newEmail)) {
          // The answer is that of a free address; its owner hears of it, and no code exists.
          await enqueueEmail(tx, {
            ...emailChangeAttemptNoticeEmail(store, taken.name),
            kind: "email-change-attempt-notice",
            to: taken.email,
          });
        }
        await enqueueEmail(tx, {
          ...emailChangeNoticeEmail(store, user.name, input.newEmail),
          kind: "email-change-notice",
          to: user.email,
        });
      });
    },

    /**
     * Step 2's "resend": a new code for a change this account asked for with its password in the
     * last hour. Anything else (a taken address, which never had a code) answers the same and
     * gets nothing.
     */
    async resendEmailChangeCode(user: SessionUser, input: { newEmail: string }): Promise<void> {
      await limits.emailChangeAccount.consume(user.id, TOO_MANY.emailChangeAccount);
      await throttleCode("email_change", input.newEmail);
      const [asked] = await db
        .select({ id: oneTimeCodes.id })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.purpose, "email_change"),
            eq(oneTimeCodes.email, input.newEmail),
            eq(oneTimeCodes.userId, user.id),
            gt(oneTimeCodes.createdAt, new Date(clock().getTime() - 3600_000)),
          ),
        )
        .limit(1);
      if (!asked || (await findByEmail(db, input.newEmail))) return;
      await db.transaction((tx) => sendCode(tx, "email_change", user, input.newEmail));
    },

    async verifyEmailChange(
      user: SessionUser,
      input: { newEmail: string; otp: string },
      ip: string,
    ): Promise<User> {
      await limits.verifyIp.consume(ip, TOO_MANY.verifyIp);
      await consumeCode(db, secret, {
        purpose: "email_change",
        email: input.newEmail,
        code: input.otp,
        now: clock(),
        userId: user.id,
      });
      try {
        const [row] = await db
          .update(users)
          .set({ email: input.newEmail, emailVerifiedAt: clock(), updatedAt: clock() })
          .where(eq(users.id, user.id))
          .returning();
        if (!row) throw new UnauthorizedError();
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(AUTH_MESSAGES.emailInUse);
        throw error;
      }
    },

    async changePassword(
      user: SessionUser,
      sessionId: string,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      await checkCurrentPassword(user, input.currentPassword);
      checkNewPassword(input.newPassword, "newPassword");
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: clock() })
          .where(eq(users.id, user.id));
        await deleteUserSessions(tx, user.id, sessionId);
        const store = await getStoreSettings(tx);
        await enqueueEmail(tx, {
          ...passwordChangedEmail(store, user.name),
          kind: "password-changed",
          to: user.email,
        });
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Inserts a user with a fresh affiliate code, trying another code on the (rare) clash. */
export async function insertUser(
  tx: DbOrTx,
  values: Omit<typeof users.$inferInsert, "affiliateCode">,
): Promise<SessionUser> {
  for (let attempt = 0; ; attempt++) {
    const code = newAffiliateCode();
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.affiliateCode, code));
    if (clash && attempt < 5) continue;
    const [row] = await tx
      .insert(users)
      .values({ ...values, affiliateCode: code })
      .returning();
    return row!;
  }
}
