import { AUTH_MESSAGES, SESSION_COOKIE } from "@vastra/contracts";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { emailOutbox, oneTimeCodes, userSessions, users } from "../db/schema.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

let ipCounter = 0;
/** Each call gets its own IP unless one is given, so per-IP limits only bite where a test wants them. */
const freshIp = () => `203.0.113.${++ipCounter}`;

type Res = Awaited<ReturnType<typeof app.inject>>;
function call(
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  options: { cookie?: string; ip?: string; origin?: string } = {},
) {
  return app.inject({
    method,
    url: `/api/auth${url}`,
    ...(payload ? { payload } : {}),
    headers: {
      ...(options.cookie ? { cookie: `${SESSION_COOKIE}=${options.cookie}` } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    remoteAddress: options.ip ?? freshIp(),
  });
}
const sessionCookie = (res: Res) => res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

/** The newest code e-mailed to an address (read from the outbox, as a shopper reads their inbox). */
async function lastCode(email: string): Promise<string> {
  const [row] = await db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  const code = row?.subject.match(/^(\d{6}) is your/)?.[1];
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  expect(row!.text).toContain(code);
  return code;
}

/** Every e-mail sent to an address, oldest first. */
function mailTo(email: string) {
  return db
    .select({ subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.createdAt, emailOutbox.id);
}

/** Moves the rate limiters' clock (they read Date.now()) and the app's clock on together. */
async function withLimiterTime(fn: (later: (seconds: number) => void) => Promise<void>) {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    await fn((seconds) => {
      vi.setSystemTime(Date.now() + seconds * 1000);
      clock.advance(seconds * 1000);
    });
  } finally {
    vi.useRealTimers();
  }
}

let userCounter = 0;
async function registerAndVerify(password = "mango-lassi-42") {
  const email = `shopper${++userCounter}@example.in`;
  const reg = await call("POST", "/register", { name: "Meera Iyer", email, password });
  expect(reg.statusCode).toBe(201);
  clock.advance(1000);
  const ver = await call("POST", "/verify-otp", { email, otp: await lastCode(email) });
  expect(ver.statusCode).toBe(200);
  return { email, password, cookie: sessionCookie(ver)!, user: ver.json().user };
}

describe("register and verify", () => {
  it("creates an unverified account, e-mails a code, and the code signs the shopper in", async () => {
    const res = await call("POST", "/register", {
      name: "  Arjun Mehta ",
      email: "Arjun@Example.IN",
      phone: "98765 43210",
      password: "paneer-tikka-7",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.registered, email: "arjun@example.in" });
    const [row] = await db.select().from(users).where(eq(users.email, "arjun@example.in"));
    expect(row).toMatchObject({
      name: "Arjun Mehta",
      phone: "9876543210",
      isAdmin: false,
      emailVerifiedAt: null,
    });
    expect(row!.passwordHash).not.toContain("paneer");
    expect(row!.affiliateCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const code = await lastCode("arjun@example.in");
    const [stored] = await db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, "arjun@example.in"));
    expect(stored!.codeHash).not.toContain(code);

    const verified = await call("POST", "/verify-otp", { email: "arjun@example.in", otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: AUTH_MESSAGES.verified,
      user: {
        _id: row!.id,
        name: "Arjun Mehta",
        email: "arjun@example.in",
        phone: "9876543210",
        isAdmin: false,
        emailVerified: true,
        affiliateCode: row!.affiliateCode,
      },
    });
    const cookie = verified.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await call("GET", "/me", undefined, { cookie: cookie.value });
    expect(me.json().email).toBe("arjun@example.in");
    // The token is stored only as a hash.
    const sessions = await db.select().from(userSessions).where(eq(userSessions.userId, row!.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toBe(cookie.value);
  });

  it("gives each field its message", async () => {
    const cases: Array<[object, string, string]> = [
      [{ email: "a@b.in", password: "kachori-99" }, "name", AUTH_MESSAGES.nameRequired],
      [{ name: "A", password: "kachori-99" }, "email", AUTH_MESSAGES.emailRequired],
      [
        { name: "A", email: "no-at-sign", password: "kachori-99" },
        "email",
        AUTH_MESSAGES.emailInvalid,
      ],
      [
        { name: "A", email: "a@b.in", phone: "12345", password: "kachori-99" },
        "phone",
        AUTH_MESSAGES.phoneInvalid,
      ],
      [
        { name: "A", email: "a@b.in", phone: "5876543210", password: "kachori-99" },
        "phone",
        AUTH_MESSAGES.phoneInvalid,
      ],
      [{ name: "A", email: "a@b.in", password: "abc" }, "password", AUTH_MESSAGES.passwordShort],
      [
        { name: "A", email: "a@b.in", password: "password1" },
        "password",
        AUTH_MESSAGES.passwordCommon,
      ],
      [
        { name: "A", email: "a@b.in", password: "kachori-99", referredBy: "NOPE2345" },
        "referredBy",
        AUTH_MESSAGES.invalidReferral,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("POST", "/register", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, "a@b.in"))) as [{ n: number }];
    expect(Number(n)).toBe(0);
  });

  it("never stores isAdmin sent by a shopper", async () => {
    for (const [url, body] of [
      [
        "/register",
        { name: "Sneaky", email: "sneaky@example.in", password: "jalebi-rabri-3", isAdmin: true },
      ],
    ] as const) {
      const res = await call("POST", url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.isAdmin).toBeDefined();
    }
    expect(await db.select().from(users).where(eq(users.email, "sneaky@example.in"))).toHaveLength(
      0,
    );
    const { cookie, user } = await registerAndVerify();
    const put = await call(
      "PUT",
      "/profile",
      { name: "Still Shopper", phone: "", isAdmin: true },
      { cookie },
    );
    expect(put.statusCode).toBe(400);
    const [row] = await db
      .select({ isAdmin: users.isAdmin, name: users.name })
      .from(users)
      .where(eq(users.id, user._id));
    expect(row).toEqual({ isAdmin: false, name: "Meera Iyer" });
  });

  it("answers a taken address exactly like a free one, and only tells its owner", async () => {
    const { email, password } = await registerAndVerify();
    let res!: Res;
    await withLimiterTime(async (later) => {
      later(61);
      res = await call("POST", "/register", {
        name: "Other",
        email: email.toUpperCase(),
        password: "rasmalai-11",
      });
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.registered, email });
    const [notice] = await mailTo(email).then((m) => m.slice(-1));
    expect(notice!.subject).toMatch(/tried to join/);
    expect(notice!.subject).not.toMatch(/^\d{6} is your/);
    expect(notice!.text).not.toMatch(/\bcode\b/i);
    // No code exists for it, the account is untouched, and the verify step tells nothing.
    const verify = await call("POST", "/verify-otp", { email, otp: "123456" });
    expect(verify.json().errors.otp).toBe(AUTH_MESSAGES.codeExpired);
    expect((await call("POST", "/login", { email, password: "rasmalai-11" })).statusCode).toBe(401);
    expect((await call("POST", "/login", { email, password })).statusCode).toBe(200);
  });

  it("records the referrer of a valid code, and nobody refers themselves", async () => {
    const referrer = await registerAndVerify();
    const res = await call("POST", "/register", {
      name: "Friend",
      email: "friend@example.in",
      password: "chai-samosa-5",
      referredBy: referrer.user.affiliateCode.toLowerCase(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await db
      .select({ referredById: users.referredById })
      .from(users)
      .where(eq(users.email, "friend@example.in"));
    expect(row!.referredById).toBe(referrer.user._id);
  });

  it("kills a code after five wrong tries", async () => {
    const email = "fivetries@example.in";
    await call("POST", "/register", { name: "Five", email, password: "dosa-idli-88" });
    const code = await lastCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 5; i++) {
      const res = await call("POST", "/verify-otp", { email, otp: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.otp).toBe(
        i < 5
          ? `${AUTH_MESSAGES.codeInvalid}. ${5 - i} ${5 - i === 1 ? "attempt" : "attempts"} left.`
          : AUTH_MESSAGES.codeLocked,
      );
    }
    const right = await call("POST", "/verify-otp", { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().errors.otp).toBe(AUTH_MESSAGES.codeLocked);
    const [row] = await db
      .select({ v: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    expect(row!.v).toBeNull();
  });

  it("refuses an expired code and a reused one", async () => {
    const email = "expiry@example.in";
    await call("POST", "/register", { name: "Late", email, password: "vada-pav-404" });
    const code = await lastCode(email);
    clock.advance(600_001);
    const late = await call("POST", "/verify-otp", { email, otp: code });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.otp).toBe(AUTH_MESSAGES.codeExpired);

    const other = await registerAndVerify();
    const reused = await call("POST", "/verify-otp", {
      email: other.email,
      otp: await lastCode(other.email),
    });
    expect(reused.statusCode).toBe(400);
  });

  it("limits resends: none within a minute of the last code", async () => {
    const email = "resend@example.in";
    await call("POST", "/register", { name: "Again", email, password: "poha-jalebi-2" });
    const tooSoon = await call("POST", "/resend-otp", { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait/i);
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("checks the code's format", async () => {
    const empty = await call("POST", "/verify-otp", { email: "x@y.in", otp: "" });
    expect(empty.json().errors.otp).toBe(AUTH_MESSAGES.otpRequired);
    const letters = await call("POST", "/verify-otp", { email: "x@y.in", otp: "12ab56" });
    expect(letters.json().errors.otp).toBe(AUTH_MESSAGES.otpFormat);
  });
});

describe("login, me and logout", () => {
  it("signs in with a new token each time, and logout ends only that session", async () => {
    const { email, password, cookie: first } = await registerAndVerify();
    const a = await call("POST", "/login", { email: email.toUpperCase(), password });
    const b = await call("POST", "/login", { email, password });
    expect(a.statusCode).toBe(200);
    expect(a.json().email).toBe(email);
    const [ta, tb] = [sessionCookie(a), sessionCookie(b)];
    expect(new Set([first, ta, tb]).size).toBe(3);
    const out = await call("POST", "/logout", undefined, { cookie: ta });
    expect(out.statusCode).toBe(200);
    expect((await call("GET", "/me", undefined, { cookie: ta })).statusCode).toBe(401);
    expect((await call("GET", "/me", undefined, { cookie: tb })).statusCode).toBe(200);
  });

  it("answers a wrong password with msg and message", async () => {
    const { email } = await registerAndVerify();
    const res = await call("POST", "/login", { email, password: "not-the-password" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: AUTH_MESSAGES.invalidCredentials,
      msg: AUTH_MESSAGES.invalidCredentials,
    });
    const unknown = await call("POST", "/login", {
      email: "ghost@example.in",
      password: "whatever-123",
    });
    expect(unknown.json().msg).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it("asks an unverified account to verify first and sends a fresh code", async () => {
    const email = "unverified@example.in";
    await call("POST", "/register", { name: "Not Yet", email, password: "kulfi-falooda-1" });
    const first = await lastCode(email);
    await new Promise((r) => setTimeout(r, 0));
    const res = await call("POST", "/login", { email, password: "kulfi-falooda-1" });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(AUTH_MESSAGES.verifyFirst);
    expect(sessionCookie(res)).toBeUndefined();
    // Within the minute no new code goes out, and the first still works.
    expect(await lastCode(email)).toBe(first);
  });

  it("limits sign-in attempts per IP to 10 a minute", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call("POST", "/login", { email: `x${i}@example.in`, password: "abcdef-1" }, { ip }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("/me is 401 for guests and for an unknown cookie", async () => {
    expect((await call("GET", "/me")).statusCode).toBe(401);
    expect((await call("GET", "/me", undefined, { cookie: "forged-token" })).statusCode).toBe(401);
  });

  it("refuses a state-changing call from another site", async () => {
    const { email, password } = await registerAndVerify();
    const res = await call(
      "POST",
      "/login",
      { email, password },
      { origin: "https://evil.example" },
    );
    expect(res.statusCode).toBe(403);
    expect(sessionCookie(res)).toBeUndefined();
    const same = await call("POST", "/login", { email, password }, { origin: "http://localhost" });
    expect(same.statusCode).toBe(200);
    const publicOrigin = await call(
      "POST",
      "/login",
      { email, password },
      { origin: "http://localhost:3000" },
    );
    expect(publicOrigin.statusCode).toBe(200);
  });
});

describe("forgot and reset password", () => {
  it("answers an unknown address exactly like a known one", async () => {
    const { email } = await registerAndVerify();
    const known = await call("POST", "/forgot-password", { email });
    const unknown = await call("POST", "/forgot-password", { email: "nobody@example.in" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.resetSent);
    const sentToNobody = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "nobody@example.in"));
    expect(sentToNobody).toHaveLength(0);
    // A second request within the minute is limited alike for both.
    const [k2, u2] = [
      await call("POST", "/forgot-password", { email }),
      await call("POST", "/forgot-password", { email: "nobody@example.in" }),
    ];
    expect([k2.statusCode, u2.statusCode]).toEqual([429, 429]);
    expect(u2.json()).toEqual(k2.json());
  });

  it("resets with the code, ends every session, and the new password works", async () => {
    const { email, password, cookie } = await registerAndVerify();
    const other = sessionCookie(await call("POST", "/login", { email, password }))!;
    await call("POST", "/forgot-password", { email });
    const code = await lastCode(email);
    const bad = await call("POST", "/reset-password", { email, otp: code, newPassword: "abc" });
    expect(bad.json().errors.newPassword).toBe(AUTH_MESSAGES.passwordShort);
    const res = await call("POST", "/reset-password", {
      email,
      otp: code,
      newPassword: "filter-coffee-77",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.passwordReset);
    expect((await call("GET", "/me", undefined, { cookie })).statusCode).toBe(401);
    expect((await call("GET", "/me", undefined, { cookie: other })).statusCode).toBe(401);
    expect((await call("POST", "/login", { email, password })).statusCode).toBe(401);
    expect((await call("POST", "/login", { email, password: "filter-coffee-77" })).statusCode).toBe(
      200,
    );
    const again = await call("POST", "/reset-password", {
      email,
      otp: code,
      newPassword: "another-one-88",
    });
    expect(again.statusCode).toBe(400);
  });

  it("says which field is wrong", async () => {
    const empty = await call("POST", "/forgot-password", { email: "" });
    expect(empty.json().errors.email).toBe(AUTH_MESSAGES.forgotEmailRequired);
    const noOtp = await call("POST", "/reset-password", {
      email: "a@b.in",
      otp: "",
      newPassword: "good-pass-1",
    });
    expect(noOtp.json().errors.otp).toBe(AUTH_MESSAGES.otpRequired);
  });
});

describe("profile, e-mail and password change", () => {
  it("updates name and phone, with their messages", async () => {
    const { cookie } = await registerAndVerify();
    const res = await call(
      "PUT",
      "/profile",
      { name: "Meera K. Iyer", phone: "9123456780" },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: AUTH_MESSAGES.profileUpdated,
      user: { name: "Meera K. Iyer", phone: "9123456780" },
    });
    const cleared = await call("PUT", "/profile", { name: "Meera", phone: "" }, { cookie });
    expect(cleared.json().user.phone).toBeNull();
    const noName = await call("PUT", "/profile", { name: " ", phone: "" }, { cookie });
    expect(noName.json().errors.name).toBe(AUTH_MESSAGES.nameRequired);
    const guest = await call("PUT", "/profile", { name: "X", phone: "" });
    expect(guest.statusCode).toBe(401);
  });

  it("changes the e-mail with a code sent to the new address and a notice to the old one", async () => {
    const { cookie, email, password } = await registerAndVerify();
    expect(
      (
        await call(
          "POST",
          "/request-email-change",
          { newEmail: email, currentPassword: password },
          { cookie },
        )
      ).json().errors.newEmail,
    ).toBe(AUTH_MESSAGES.sameEmail);
    const req = await call(
      "POST",
      "/request-email-change",
      { newEmail: "New.Address@Example.in", currentPassword: password },
      { cookie },
    );
    expect(req.statusCode).toBe(200);
    expect(req.json().message).toBe(AUTH_MESSAGES.emailCodeSent);
    const notice = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(notice.some((m) => m.text.includes("new.address@example.in"))).toBe(true);
    const code = await lastCode("new.address@example.in");
    const wrong = await call(
      "POST",
      "/verify-email-change",
      { newEmail: "new.address@example.in", otp: code === "123456" ? "654321" : "123456" },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await call(
      "POST",
      "/verify-email-change",
      { newEmail: "new.address@example.in", otp: code },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: AUTH_MESSAGES.emailUpdated,
      user: { email: "new.address@example.in" },
    });
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const { email, password, cookie } = await registerAndVerify();
    const other = sessionCookie(await call("POST", "/login", { email, password }))!;
    const wrong = await call(
      "PUT",
      "/password",
      { currentPassword: "nope-nope", newPassword: "masala-chai-21" },
      { cookie },
    );
    expect(wrong.json().errors.currentPassword).toBe(AUTH_MESSAGES.currentPasswordWrong);
    const short = await call(
      "PUT",
      "/password",
      { currentPassword: password, newPassword: "abc" },
      { cookie },
    );
    expect(short.json().errors.newPassword).toBe(AUTH_MESSAGES.newPasswordShort);
    const common = await call(
      "PUT",
      "/password",
      { currentPassword: password, newPassword: "iloveyou" },
      { cookie },
    );
    expect(common.json().errors.newPassword).toBe(AUTH_MESSAGES.passwordCommon);
    const ok = await call(
      "PUT",
      "/password",
      { currentPassword: password, newPassword: "masala-chai-21" },
      { cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(AUTH_MESSAGES.passwordChanged);
    expect((await call("GET", "/me", undefined, { cookie })).statusCode).toBe(200);
    expect((await call("GET", "/me", undefined, { cookie: other })).statusCode).toBe(401);
    expect((await call("POST", "/login", { email, password: "masala-chai-21" })).statusCode).toBe(
      200,
    );
  });
});

describe("account hardening (issue #12)", () => {
  // "a@" then dots then "@": the old pattern backtracked over every split of the dots (quadratic).
  const megabyteEmail = `a@${".".repeat(1_000_000 - 3)}@`;
  const dotsEmail = `a@${".".repeat(50_000)}@`;

  it("answers a megabyte or pathological e-mail with a 400 at once", async () => {
    for (const [url, body] of [
      ["/login", { email: megabyteEmail, password: "x" }],
      ["/register", { name: "X", email: megabyteEmail, password: "long-enough-1" }],
      ["/forgot-password", { email: megabyteEmail }],
      ["/resend-otp", { email: megabyteEmail }],
      ["/login", { email: dotsEmail, password: "x" }],
      ["/register", { name: "X", email: dotsEmail, password: "long-enough-1" }],
      ["/forgot-password", { email: dotsEmail }],
    ] as const) {
      const res = await call("POST", url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.email, url).toBe(AUTH_MESSAGES.emailInvalid);
    }
  });

  it("still takes ordinary addresses and refuses empty domain labels", async () => {
    const ok = await call("POST", "/forgot-password", {
      email: "first.last+tag@mail.example.co.in",
    });
    expect(ok.statusCode).toBe(200);
    for (const email of ["a@b", "a@.in", "a@b..in", "a@b.in.", "a b@c.in"]) {
      const res = await call("POST", "/forgot-password", { email });
      expect(res.statusCode, email).toBe(400);
    }
  });

  it("counts exactly five of twenty parallel wrong codes, then refuses the right one", async () => {
    const email = "parallel-guess@example.in";
    await call("POST", "/register", { name: "Guess", email, password: "kulfi-falooda-3" });
    const code = await lastCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", "/verify-otp", { email, otp: wrong })),
    );
    expect(replies.every((r) => r.statusCode === 400)).toBe(true);
    const messages = replies.map((r) => r.json().errors.otp as string);
    const counted = messages.filter((m) => m.startsWith(AUTH_MESSAGES.codeInvalid));
    expect(counted).toHaveLength(4); // the fifth counted try is answered "locked"
    expect(messages.filter((m) => m === AUTH_MESSAGES.codeLocked)).toHaveLength(16);
    const [row] = await db
      .select({ attempts: oneTimeCodes.attempts })
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.email, email));
    expect(row!.attempts).toBe(5);
    const right = await call("POST", "/verify-otp", { email, otp: code });
    expect(right.json().errors.otp).toBe(AUTH_MESSAGES.codeLocked);
  });

  it("caps parallel wrong passwords for one account at twenty", async () => {
    const { email, password } = await registerAndVerify();
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => call("POST", "/login", { email, password: "wrong-one-9" })),
    );
    expect(replies.filter((r) => r.statusCode === 401)).toHaveLength(20);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect((await call("POST", "/login", { email, password })).statusCode).toBe(429);
  });

  it("an unverified address cannot be taken over by registering it again", async () => {
    await withLimiterTime(async (later) => {
      // The shopper signs up; somebody else signs up with the same address and their own password.
      const email = "takeover@example.in";
      const mine = { name: "Kavya Rao", email, password: "jackfruit-curry-8" };
      const theirs = { name: "Mallory", email, password: "evil-password-66" };
      expect((await call("POST", "/register", mine)).statusCode).toBe(201);
      const myCode = await lastCode(email);
      later(61);
      expect((await call("POST", "/register", theirs)).statusCode).toBe(201);
      const theirCode = await lastCode(email);
      expect(theirCode).not.toBe(myCode);
      // Nothing changed on the account: their password does not sign in, mine still does.
      const theirLogin = await call("POST", "/login", { email, password: theirs.password });
      expect(theirLogin.statusCode).toBe(401);
      // The shopper's own code applies the shopper's own details.
      const ver = await call("POST", "/verify-otp", { email, otp: myCode });
      expect(ver.statusCode).toBe(200);
      expect(ver.json().user).toMatchObject({ name: mine.name, emailVerified: true });
      expect((await call("POST", "/login", { email, password: theirs.password })).statusCode).toBe(
        401,
      );
      expect((await call("POST", "/login", { email, password: mine.password })).statusCode).toBe(
        200,
      );
      // The other sign-up's code died with it.
      const late = await call("POST", "/verify-otp", { email, otp: theirCode });
      expect(late.statusCode).toBe(400);

      // The other order: somebody signs up first, the owner second; the owner's code wins.
      const second = "takeover-two@example.in";
      expect((await call("POST", "/register", { ...theirs, email: second })).statusCode).toBe(201);
      later(61);
      expect((await call("POST", "/register", { ...mine, email: second })).statusCode).toBe(201);
      const ownerCode = await lastCode(second);
      const owner = await call("POST", "/verify-otp", { email: second, otp: ownerCode });
      expect(owner.json().user).toMatchObject({ name: mine.name });
      const as = (password: string) => call("POST", "/login", { email: second, password });
      expect((await as(theirs.password)).statusCode).toBe(401);
      expect((await as(mine.password)).statusCode).toBe(200);
    });
  });

  it("login spends a password check on unknown addresses too", async () => {
    const { email } = await registerAndVerify();
    /** The middle of three timings of a refused sign-in. */
    async function medianMs(address: string): Promise<number> {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await call("POST", "/login", { email: address, password: "not-it-123" });
        times.push(performance.now() - started);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      }
      return times.sort((a, b) => a - b)[1]!;
    }
    const known = await medianMs(email);
    const unknown = await medianMs("nobody-here@example.in");
    // Both pay for one scrypt check (tens of ms); a bare lookup would be a small fraction of it.
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it("e-mail change asks for the current password and does not reveal a taken address", async () => {
    const { cookie, email, password } = await registerAndVerify();
    const taken = await registerAndVerify();
    const missing = await call("POST", "/request-email-change", { newEmail: "a@b.in" }, { cookie });
    expect(missing.json().errors.currentPassword).toBe(AUTH_MESSAGES.currentPasswordRequired);
    const wrong = await call(
      "POST",
      "/request-email-change",
      { newEmail: "free-address@example.in", currentPassword: "not-mine-1" },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe(AUTH_MESSAGES.currentPasswordWrong);
    expect(await mailTo("free-address@example.in")).toHaveLength(0);

    const before = (await mailTo(taken.email)).length;
    const res = await call(
      "POST",
      "/request-email-change",
      { newEmail: taken.email, currentPassword: password },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.emailCodeSent);
    const toTaken = (await mailTo(taken.email)).slice(before);
    expect(toTaken).toHaveLength(1);
    expect(toTaken[0]!.subject).toMatch(/tried to use your e-mail/);
    expect(toTaken[0]!.subject).not.toMatch(/^\d{6} is your/);
    expect(toTaken[0]!.text).not.toMatch(/\bcode\b/i);
    // No code works for it: the address stays its owner's.
    const verify = await call(
      "POST",
      "/verify-email-change",
      { newEmail: taken.email, otp: "123456" },
      { cookie },
    );
    expect(verify.statusCode).toBe(400);
    const me = await call("GET", "/me", undefined, { cookie });
    expect(me.json().email).toBe(email);
  });

  it("resends an e-mail change code only for a change the password allowed", async () => {
    await withLimiterTime(async (later) => {
      const { cookie, password } = await registerAndVerify();
      const other = await registerAndVerify();
      const resend = (newEmail: string) =>
        call("POST", "/resend-email-change", { newEmail }, { cookie });
      // Never asked for: the same answer, and nothing is sent.
      const unasked = await resend("never-asked@example.in");
      expect(unasked.statusCode).toBe(200);
      expect(unasked.json().message).toBe(AUTH_MESSAGES.emailCodeSent);
      expect(await mailTo("never-asked@example.in")).toHaveLength(0);
      // Asked for with the password: after the minute, a second code that works.
      const target = "resend-change@example.in";
      await call(
        "POST",
        "/request-email-change",
        { newEmail: target, currentPassword: password },
        { cookie },
      );
      const first = await lastCode(target);
      later(61);
      expect((await resend(target)).statusCode).toBe(200);
      const second = await lastCode(target);
      expect(second).not.toBe(first);
      expect(await mailTo(target)).toHaveLength(2);
      // A taken address never gets a code, resend or not.
      later(61);
      const before = (await mailTo(other.email)).length;
      await call(
        "POST",
        "/request-email-change",
        { newEmail: other.email, currentPassword: password },
        { cookie },
      );
      later(61);
      expect((await resend(other.email)).statusCode).toBe(200);
      const toOther = (await mailTo(other.email)).slice(before);
      expect(toOther.every((m) => !/^\d{6} is your/.test(m.subject))).toBe(true);
      const ok = await call(
        "POST",
        "/verify-email-change",
        { newEmail: target, otp: second },
        { cookie },
      );
      expect(ok.statusCode).toBe(200);
    });
  });

  it("caps current-password guesses of a signed-in session", async () => {
    const { cookie, password } = await registerAndVerify();
    const change = (currentPassword: string) =>
      call("PUT", "/password", { currentPassword, newPassword: "new-secret-77" }, { cookie });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const capped = await change(password);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/Too many wrong password attempts/);
  });

  it("limits code and notice e-mails: a 429 for codes, silence for notices that would tell", async () => {
    await withLimiterTime(async (later) => {
      const { email } = await registerAndVerify();
      const attempt = () =>
        call("POST", "/register", { name: "Again", email, password: "idli-sambar-12" });
      later(61);
      expect((await attempt()).statusCode).toBe(201);
      const notices = async () =>
        (await mailTo(email)).filter((m) => /tried to join/.test(m.subject)).length;
      expect(await notices()).toBe(1);
      // Within the minute: the same 429 a free address gets (it tells nothing).
      const soon = await attempt();
      expect(soon.statusCode).toBe(429);
      expect(soon.json().message).toMatch(/wait/i);
      // After the minute the join answers 201 again, but the owner gets no second notice this hour.
      later(61);
      expect((await attempt()).statusCode).toBe(201);
      expect(await notices()).toBe(1);

      // Per address: five codes an hour, whoever asks.
      const free = "many-codes@example.in";
      const codes = async () => (await mailTo(free)).length;
      expect(
        (await call("POST", "/register", { name: "A", email: free, password: "p-a-s-s-1" }))
          .statusCode,
      ).toBe(201);
      for (let i = 0; i < 4; i++) {
        later(61);
        expect((await call("POST", "/resend-otp", { email: free })).statusCode).toBe(200);
      }
      later(61);
      const sixth = await call("POST", "/resend-otp", { email: free });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/hour/);
      expect(await codes()).toBe(5);
    });
  });
});
