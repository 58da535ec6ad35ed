/**
 * What the account pages' actions do: check the form (same rules as the browser), call the API
 * in-process, pass its session cookie on, and say what happened. Server-only.
 */
import {
  AUTH_MESSAGES,
  CODE_TTL_SECONDS,
  type User,
  userReplySchema,
} from "@vastra/contracts/auth";
import type { CartMerge } from "@vastra/contracts/cart";
import { CART_CAPPED_PARAM } from "@vastra/contracts/cart-merge";
import { data, type RouterContextProvider, redirect } from "react-router";
import { loginUrl } from "~/lib/auth.server";
import { callAuthApi } from "./api.server";
import { type AuthResult, failure, readIntent, readText } from "./types";
import {
  EMAIL_CHANGE_FIELDS,
  LOGIN_FIELDS,
  PASSWORD_FIELDS,
  profileBody,
  REGISTER_FIELDS,
  RESET_FIELDS,
  registerBody,
  validateCode,
  validateEmailChangeCode,
  validateForgotEmail,
  validateLogin,
  validateNewEmail,
  validatePasswordChange,
  validateProfile,
  validateRegister,
  validateResendEmail,
  validateReset,
  validateResetEmail,
} from "./validation";

type Context = Readonly<RouterContextProvider>;
type MessageReply = { message: string };

const hasErrors = (errors: Record<string, string>) => Object.keys(errors).length > 0;
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * A refused form. It answers 200 all the same: the page shows the problem itself, and a browser
 * logs every non-2xx fetch as a console error.
 */
function refused(result: AuthResult) {
  return data(result);
}

// ---------------------------------------------------------------- sign in (/login)

/** What signing in did with a guest cart (record 0044). */
type MergeReply = { cartMerge?: CartMerge } | null | undefined;

/**
 * Where to go after signing in: `redirectTo`, with `?cartCapped=<n>` when the guest cart's merge
 * held n lines to the stock left (the page then says so: features/cart/merge-notice.tsx).
 */
function afterMerge(redirectTo: string, reply: MergeReply): string {
  const capped = reply?.cartMerge?.capped.length ?? 0;
  if (capped === 0) return redirectTo;
  const url = new URL(redirectTo, "http://vastra.invalid");
  url.searchParams.set(CART_CAPPED_PARAM, String(capped));
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function signIn(context: Context, form: FormData, redirectTo: string) {
  const values = readText(form, LOGIN_FIELDS);
  const kept = { email: values.email };
  const errors = validateLogin(values);
  if (hasErrors(errors)) return refused(failure("login", "", errors, { values: kept }));
  const reply = await callAuthApi<User & MergeReply>(context, "/api/auth/login", {
    body: { email: values.email, password: values.password },
    fallback: AUTH_MESSAGES.loginFailed,
    fields: LOGIN_FIELDS,
  });
  if (reply.ok) return redirect(afterMerge(redirectTo, reply.data), { headers: reply.headers });
  if (reply.status === 403 && reply.serverMessage === AUTH_MESSAGES.verifyFirst) {
    // decisions.md §2: the page moves to the verify step, saying whether a fresh code went out
    // (the per-address limits may refuse one) and counting down the code that works (record 0035).
    return data<AuthResult>({
      intent: "login",
      ok: false,
      needsVerification: true,
      message: reply.serverMessage,
      errors: {},
      values: kept,
      email: normaliseEmail(values.email),
      ...verifyFirstCode(reply.body),
    });
  }
  return refused(failure("login", reply.message, reply.errors, { values: kept }));
}

/** What a 403 'Please verify your email first' says about the join code (record 0035). */
function verifyFirstCode(body: Record<string, unknown>) {
  const now = Date.now();
  const sentAt = typeof body.codeSentAt === "string" ? Date.parse(body.codeSentAt) : Number.NaN;
  // An older server (or a reply without the fields) means a fresh code, as before.
  if (body.codeSent !== false) return { codeSentAt: Number.isNaN(sentAt) ? now : sentAt };
  const left = Number.isNaN(sentAt)
    ? 0
    : Math.max(0, Math.min(CODE_TTL_SECONDS, CODE_TTL_SECONDS - Math.floor((now - sentAt) / 1000)));
  return {
    codeSent: false,
    codeSentAt: Number.isNaN(sentAt) ? now : sentAt,
    codeLeftSeconds: left,
    retryAfterSeconds: typeof body.retryAfterSeconds === "number" ? body.retryAfterSeconds : 0,
  };
}

/** The sign-in page's "Forgot your password?" view. */
export async function requestResetFromLogin(context: Context, form: FormData) {
  const { email } = readText(form, ["email"]);
  const errors = validateForgotEmail(email);
  if (hasErrors(errors)) return refused(failure("forgot", "", errors, { values: { email } }));
  const reply = await callAuthApi<MessageReply>(context, "/api/auth/forgot-password", {
    body: { email },
    fallback: AUTH_MESSAGES.resetEmailFailed,
    fields: ["email"],
  });
  if (!reply.ok) {
    return refused(failure("forgot", reply.message, reply.errors, { values: { email } }));
  }
  return data<AuthResult>({
    intent: "forgot",
    ok: true,
    message: reply.data.message,
    errors: {},
    values: { email },
    email: normaliseEmail(email),
    codeSentAt: Date.now(),
  });
}

// ---------------------------------------------------------------- join (/register)

export async function register(context: Context, form: FormData) {
  const values = readText(form, REGISTER_FIELDS);
  const { password: _p, confirmPassword: _c, ...kept } = values;
  const errors = validateRegister(values);
  if (hasErrors(errors)) return refused(failure("register", "", errors, { values: kept }));
  const reply = await callAuthApi<{ message: string; email: string }>(
    context,
    "/api/auth/register",
    {
      body: registerBody(values),
      fallback: AUTH_MESSAGES.registrationFailed,
      fields: REGISTER_FIELDS,
      conflictField: "email",
    },
  );
  if (!reply.ok) {
    return refused(failure("register", reply.message, reply.errors, { values: kept }));
  }
  return data<AuthResult>({
    intent: "register",
    ok: true,
    message: reply.data.message,
    errors: {},
    values: kept,
    email: reply.data.email,
    codeSentAt: Date.now(),
  });
}

/** The join code: verified and signed in (the API's cookie passed on), then on to `redirectTo`. */
export async function verifyJoinCode(context: Context, form: FormData, redirectTo: string) {
  const { email, otp } = readText(form, ["email", "otp"]);
  const errors = validateCode(otp);
  if (hasErrors(errors)) return refused(failure("verify", "", errors, { email }));
  const reply = await callAuthApi<MergeReply>(context, "/api/auth/verify-otp", {
    body: { email, otp },
    fallback: AUTH_MESSAGES.verificationFailed,
    fields: ["otp"],
  });
  if (reply.ok) return redirect(afterMerge(redirectTo, reply.data), { headers: reply.headers });
  return refused(failure("verify", reply.message, reply.errors, { email }));
}

export async function resendJoinCode(context: Context, form: FormData) {
  const { email } = readText(form, ["email"]);
  const reply = await callAuthApi<MessageReply>(context, "/api/auth/resend-otp", {
    body: { email },
    fallback: AUTH_MESSAGES.resendFailed,
  });
  if (!reply.ok) return refused(failure("resend", reply.message, {}, { email }));
  return data<AuthResult>({
    intent: "resend",
    ok: true,
    message: reply.data.message,
    errors: {},
    email,
    codeSentAt: Date.now(),
  });
}

// ---------------------------------------------------------------- reset (/reset-password)

/** Step 1 ('Send Reset Code') and its 'Resend Code'. */
export async function sendResetCode(context: Context, form: FormData, intent: "send" | "resend") {
  const { email } = readText(form, ["email"]);
  const errors = validateResetEmail(email);
  if (hasErrors(errors)) {
    // A resend has no e-mail field on screen: its problem is the step's own message.
    const message = intent === "resend" ? (errors.email ?? "") : "";
    return refused(failure(intent, message, intent === "send" ? errors : {}, { email }));
  }
  const reply = await callAuthApi<MessageReply>(context, "/api/auth/forgot-password", {
    body: { email },
    fallback: intent === "resend" ? AUTH_MESSAGES.resendFailed : AUTH_MESSAGES.resetEmailFailed,
    fields: intent === "send" ? ["email"] : [],
  });
  if (!reply.ok) {
    return refused(failure(intent, reply.message, reply.errors, { email }));
  }
  return data<AuthResult>({
    intent,
    ok: true,
    message: reply.data.message,
    errors: {},
    email: normaliseEmail(email),
    codeSentAt: Date.now(),
  });
}

/** Step 2: code and new password; success goes to /login with a notice. */
export async function resetPassword(context: Context, form: FormData) {
  const values = readText(form, ["email", ...RESET_FIELDS]);
  const errors = validateReset(values);
  const email = values.email;
  if (hasErrors(errors)) {
    const message = errors.email ?? "";
    delete errors.email;
    return refused(failure("reset", message, errors, { email }));
  }
  const reply = await callAuthApi<MessageReply>(context, "/api/auth/reset-password", {
    body: { email, otp: values.otp, newPassword: values.newPassword },
    fallback: AUTH_MESSAGES.resetFailed,
    fields: ["otp", "newPassword"],
  });
  if (reply.ok) return redirect("/login?reset=done");
  return refused(failure("reset", reply.message, reply.errors, { email }));
}

// ---------------------------------------------------------------- profile (/profile)

/** A signed-out (or expired) session meets the sign-in page, which brings the shopper back. */
function signInAgain() {
  return redirect(loginUrl("/profile"));
}

export async function updateProfile(context: Context, form: FormData) {
  const values = readText(form, ["name", "phone"]);
  const errors = validateProfile(values);
  if (hasErrors(errors)) return refused(failure("profile", "", errors, { values }));
  const reply = await callAuthApi<unknown>(context, "/api/auth/profile", {
    method: "PUT",
    body: profileBody(values),
    fallback: AUTH_MESSAGES.profileFailed,
    fields: ["name", "phone"],
  });
  if (!reply.ok) {
    if (reply.status === 401) return signInAgain();
    return refused(failure("profile", reply.message, reply.errors, { values }));
  }
  const parsed = userReplySchema.safeParse(reply.data);
  return data<AuthResult>({
    intent: "profile",
    ok: true,
    message: parsed.success ? parsed.data.message : AUTH_MESSAGES.profileUpdated,
    errors: {},
  });
}

/**
 * Email change step 1 (new address and current password) and step 2's resend (the address only:
 * the API sends another code for a change the password allowed within the hour).
 */
export async function requestEmailChange(
  context: Context,
  form: FormData,
  intent: "request-email" | "resend-email",
) {
  const { newEmail, currentPassword } = readText(form, EMAIL_CHANGE_FIELDS);
  // The password never goes back into the page.
  const values = { newEmail };
  const errors =
    intent === "request-email"
      ? validateNewEmail({ newEmail, currentPassword })
      : validateResendEmail(newEmail);
  if (hasErrors(errors)) {
    const message = intent === "resend-email" ? (errors.newEmail ?? "") : "";
    return refused(failure(intent, message, intent === "request-email" ? errors : {}, { values }));
  }
  const reply =
    intent === "request-email"
      ? await callAuthApi<MessageReply>(context, "/api/auth/request-email-change", {
          body: { newEmail, currentPassword },
          fallback: AUTH_MESSAGES.emailCodeFailed,
          fields: EMAIL_CHANGE_FIELDS,
        })
      : await callAuthApi<MessageReply>(context, "/api/auth/resend-email-change", {
          body: { newEmail },
          fallback: AUTH_MESSAGES.emailCodeFailed,
          fields: [],
        });
  if (!reply.ok) {
    if (reply.status === 401) return signInAgain();
    return refused(failure(intent, reply.message, reply.errors, { values }));
  }
  return data<AuthResult>({
    intent,
    ok: true,
    message: reply.data.message,
    errors: {},
    values,
    email: normaliseEmail(newEmail),
    codeSentAt: Date.now(),
  });
}

export async function verifyEmailChange(context: Context, form: FormData) {
  const { newEmail, otp } = readText(form, ["newEmail", "otp"]);
  const values = { newEmail };
  const errors = validateEmailChangeCode({ newEmail, otp });
  if (hasErrors(errors)) {
    return refused(failure("verify-email", "", errors, { values, email: newEmail }));
  }
  const reply = await callAuthApi<unknown>(context, "/api/auth/verify-email-change", {
    body: { newEmail, otp },
    fallback: AUTH_MESSAGES.emailChangeFailed,
    fields: ["otp"],
  });
  if (!reply.ok) {
    if (reply.status === 401) return signInAgain();
    return refused(
      failure("verify-email", reply.message, reply.errors, { values, email: newEmail }),
    );
  }
  const parsed = userReplySchema.safeParse(reply.data);
  return data<AuthResult>({
    intent: "verify-email",
    ok: true,
    message: parsed.success ? parsed.data.message : AUTH_MESSAGES.emailUpdated,
    errors: {},
  });
}

export async function changePassword(context: Context, form: FormData) {
  const values = readText(form, PASSWORD_FIELDS);
  const errors = validatePasswordChange(values);
  if (hasErrors(errors)) return refused(failure("password", "", errors));
  const reply = await callAuthApi<MessageReply>(context, "/api/auth/password", {
    method: "PUT",
    body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
    fallback: AUTH_MESSAGES.passwordChangeFailed,
    fields: PASSWORD_FIELDS,
  });
  if (!reply.ok) {
    if (reply.status === 401) return signInAgain();
    return refused(failure("password", reply.message, reply.errors));
  }
  return data<AuthResult>({
    intent: "password",
    ok: true,
    message: reply.data.message,
    errors: {},
  });
}

/** An intent no form of the page sends. */
export function unknownIntent(intent: string) {
  return refused(failure(intent, "This request was not understood. Please reload the page."));
}

/**
 * An account page's action: reads the posted form and hands it to the handler of its `intent`
 * (the form or button that sent it); an intent the page does not know is refused.
 */
export async function handleIntent<H extends Record<string, (form: FormData) => unknown>>(
  request: Request,
  handlers: H,
) {
  const form = await request.formData();
  const intent = readIntent(form);
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  return (handler ? handler(form) : unknownIntent(intent)) as
    | ReturnType<H[keyof H]>
    | ReturnType<typeof unknownIntent>;
}
