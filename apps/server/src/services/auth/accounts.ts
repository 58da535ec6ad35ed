/**
 * Accounts: join with an e-mail code, sign in, reset, profile, e-mail and password change
 * (storefront.md §3-§8, decisions.md §2). Rules live here; routes only translate HTTP.
 */
import { AUTH_MESSAGES, RESEND_MIN_SECONDS, RESENDS_PER_HOUR, type User } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import dumbPasswords from "dumb-passwords";
import type { Db, DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { enqueueEmail } from "../../mail/outbox.ts";
import { newAffiliateCode } from "../affiliate-code.ts";
import type { Clock } from "../clock.ts";
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from "../errors.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import type { RateLimits } from "../rate-limit.ts";
import { getStoreSettings } from "../store-settings.ts";
import { type CodePurpose, consumeCode, issueCode } from "./codes.ts";
import {
  emailChangeCodeEmail,
  emailChangeNoticeEmail,
  passwordChangedEmail,
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

export function isCommonPassword(password: string): boolean {
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
  };

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
  ): Promise<void> {
    const code = await issueCode(tx, secret, { purpose, email: to, userId: user.id, now: clock() });
    const store = await getStoreSettings(tx);
    const content =
      purpose === "register"
        ? verificationCodeEmail(store, user.name, code)
        : purpose === "reset"
          ? resetCodeEmail(store, user.name, code)
          : emailChangeCodeEmail(store, user.name, code);
    await enqueueEmail(tx, { ...content, kind: `code-${purpose}`, to });
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
      const existing = await findByEmail(db, input.email);
      if (existing?.emailVerifiedAt) throw new ConflictError(AUTH_MESSAGES.emailTaken);
      await throttleCode("register", input.email);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        let row: { id: string; name: string };
        if (existing) {
          // An unverified account may be registered again: the newest details and a fresh code win.
          [row] = (await tx
            .update(users)
            .set({
              name: input.name,
              phone: normalisePhone(input.phone),
              passwordHash,
              referredById: referrerId,
              updatedAt: clock(),
            })
            .where(eq(users.id, existing.id))
            .returning({ id: users.id, name: users.name })) as [{ id: string; name: string }];
        } else {
          row = await insertUser(tx, {
            name: input.name,
            email: input.email,
            phone: normalisePhone(input.phone),
            passwordHash,
            referredById: referrerId,
          });
        }
        await sendCode(tx, "register", row, input.email);
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
      if (existing?.emailVerifiedAt) {
        throw ValidationError.field("otp", "This email is already verified. Please sign in.");
      }
      await consumeCode(db, secret, {
        purpose: "register",
        email: input.email,
        code: input.otp,
        now: clock(),
      });
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ emailVerifiedAt: clock(), updatedAt: clock() })
          .where(sql`lower(${users.email}) = ${input.email}`)
          .returning();
        if (!row) throw ValidationError.field("otp", AUTH_MESSAGES.codeExpired);
        return signIn(tx, row, meta);
      });
    },

    async resendRegistrationCode(input: { email: string }, ip: string): Promise<void> {
      await limits.resendIp.consume(ip, TOO_MANY.registerIp);
      await throttleCode("register", input.email);
      const existing = await findByEmail(db, input.email);
      // Unknown and already verified addresses answer the same, and get nothing.
      if (!existing || existing.emailVerifiedAt) return;
      await db.transaction((tx) => sendCode(tx, "register", existing, input.email));
    },

    async login(
      input: { email: string; password: string },
      ip: string,
      meta: SessionMeta,
    ): Promise<SignedIn> {
      await limits.loginIp.consume(ip, TOO_MANY.loginIp);
      await limits.loginFailures.check(input.email, TOO_MANY.loginAccount);
      const row = await findByEmail(db, input.email);
      const ok = row ? await verifyPassword(input.password, row.passwordHash) : false;
      if (!row || !ok) {
        await limits.loginFailures.consume(input.email, TOO_MANY.loginAccount);
        throw new UnauthorizedError(AUTH_MESSAGES.invalidCredentials);
      }
      if (!row.emailVerifiedAt) {
        // A fresh code, unless one went out less than a minute ago (that one still works).
        try {
          await throttleCode("register", input.email);
          await db.transaction((tx) => sendCode(tx, "register", row, row.email.toLowerCase()));
        } catch {
          // too soon for another code: the last one is still valid
        }
        throw new ForbiddenError(AUTH_MESSAGES.verifyFirst);
      }
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

    async requestEmailChange(user: SessionUser, input: { newEmail: string }): Promise<void> {
      if (input.newEmail === user.email.toLowerCase())
        throw ValidationError.field("newEmail", AUTH_MESSAGES.sameEmail);
      if (await findByEmail(db, input.newEmail)) throw new ConflictError(AUTH_MESSAGES.emailInUse);
      await throttleCode("email_change", input.newEmail);
      await db.transaction(async (tx) => {
        await sendCode(tx, "email_change", user, input.newEmail);
        const store = await getStoreSettings(tx);
        await enqueueEmail(tx, {
          ...emailChangeNoticeEmail(store, user.name, input.newEmail),
          kind: "email-change-notice",
          to: user.email,
        });
      });
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
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw ValidationError.field("currentPassword", AUTH_MESSAGES.currentPasswordWrong);
      }
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
