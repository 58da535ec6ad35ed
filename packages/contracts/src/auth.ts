import { emailField, errorSchema, INDIAN_MOBILE, requiredText } from "./common.ts";
import { z } from "./zod.ts";

/** The texts of storefront.md §5 and §8, and the server's own messages, in one place. */
export const AUTH_MESSAGES = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  forgotEmailRequired: "Please enter your email address",
  phoneInvalid: "Please enter a valid 10-digit phone number or leave it empty",
  passwordShort: "Password must be at least 6 characters long",
  passwordRequired: "Please enter your password",
  passwordCommon: "This password is too common",
  passwordsMismatch: "Passwords do not match",
  otpRequired: "Please enter the OTP",
  otpFormat: "The code is 6 digits",
  newPasswordShort: "New password must be at least 6 characters long",
  newPasswordsMismatch: "New passwords don't match",
  currentPasswordRequired: "Please enter your current password",
  currentPasswordWrong: "Current password is incorrect",
  invalidReferral: "Invalid referral code",
  emailTaken: "An account with this email already exists",
  emailInUse: "This email is already in use",
  sameEmail: "This is already your email address",
  invalidCredentials: "Invalid email or password",
  verifyFirst: "Please verify your email first",
  codeInvalid: "Invalid verification code",
  codeExpired: "This code has expired. Please request a new one.",
  codeLocked: "Too many wrong attempts. Please request a new code.",
  registered: "Registration successful! Please check your email for the verification code.",
  verified: "Email verified successfully! Welcome to Vastra.",
  codeResent: "A new verification code has been sent to your email.",
  resetSent: "If an account exists for this email, we have sent a password reset code to it.",
  passwordReset: "Password reset successful! Please sign in with your new password.",
  loggedOut: "You have been signed out",
  loginSuccess: "Login successful! Welcome back.",
  profileUpdated: "Profile updated successfully!",
  emailCodeSent: "Verification code sent to your new email!",
  emailUpdated: "Email updated successfully!",
  passwordChanged: "Password changed successfully!",
  // storefront.md §8 fallbacks, shown when the server gives no message
  loginFailed: "Login failed.",
  registrationFailed: "Registration failed",
  verificationFailed: "OTP verification failed",
  resendFailed: "Failed to resend OTP",
  resetEmailFailed: "Failed to send reset email",
  resetFailed: "Failed to reset password",
  profileFailed: "Failed to update profile",
  emailCodeFailed: "Failed to send verification code",
  emailChangeFailed: "Invalid verification code",
  passwordChangeFailed: "Failed to change password",
} as const;

/** Codes: 6 digits, valid this long (storefront.md §9). */
export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_MIN_SECONDS = 60;
export const RESENDS_PER_HOUR = 5;
export const PASSWORD_MIN = 6;
export const SESSION_DAYS = 30;
export const SESSION_COOKIE = "vastra_session";

/**
 * The 403 'Please verify your email first' of a sign-in to an unverified account: whether this
 * sign-in e-mailed a fresh code (the per-address limits allow one a minute and five an hour) and
 * when the newest code that still works went out, so the page says what really happened and counts
 * down that code's life, not a new one's (record 0035).
 */
export const verifyFirstReplySchema = errorSchema
  .extend({
    codeSent: z.boolean().optional(),
    /** ISO time the newest live join code was sent; null when none is left. */
    codeSentAt: z.string().nullable().optional(),
    /** When no code went out: seconds until the limits allow another. */
    retryAfterSeconds: z.number().int().optional(),
  })
  .meta({ id: "VerifyFirstError" });
export type VerifyFirstReply = z.infer<typeof verifyFirstReplySchema>;

// Every string here has a length limit checked before anything else looks at it (`abort` stops
// zod at the first failed check, so a megabyte never reaches a pattern or the password hash).
const email = (required: string = AUTH_MESSAGES.emailRequired) =>
  emailField(required, AUTH_MESSAGES.emailInvalid);

export const PASSWORD_MAX = 200;
const password = (short: string = AUTH_MESSAGES.passwordShort) =>
  z
    .string({ error: short })
    .max(PASSWORD_MAX, { error: "Please use at most 200 characters", abort: true })
    .min(PASSWORD_MIN, short);

/** A password being checked (sign-in, current password): any non-empty text up to the limit. */
const givenPassword = (required: string) =>
  z
    .string({ error: required })
    .max(PASSWORD_MAX, { error: "Please use at most 200 characters", abort: true })
    .min(1, required);

const otp = z
  .string({ error: AUTH_MESSAGES.otpRequired })
  .max(20, { error: AUTH_MESSAGES.otpFormat, abort: true })
  .trim()
  .min(1, { error: AUTH_MESSAGES.otpRequired, abort: true })
  .regex(/^\d{6}$/, AUTH_MESSAGES.otpFormat);

/** Optional Indian mobile: empty means none. */
export const optionalPhone = z
  .string()
  .max(30, { error: AUTH_MESSAGES.phoneInvalid, abort: true })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ""))
  .refine((v) => v === "" || INDIAN_MOBILE.test(v), AUTH_MESSAGES.phoneInvalid)
  .optional()
  .nullable();

export const userSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    isAdmin: z.boolean(),
    emailVerified: z.boolean(),
    affiliateCode: z.string(),
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;

export const registerSchema = z
  .object({
    name: requiredText(AUTH_MESSAGES.nameRequired, 100),
    email: email(),
    phone: optionalPhone,
    password: password(),
    referredBy: z
      .string()
      .max(64, { error: AUTH_MESSAGES.invalidReferral, abort: true })
      .trim()
      .max(32, AUTH_MESSAGES.invalidReferral)
      .transform((v) => v.toUpperCase())
      .optional()
      .nullable(),
  })
  .strict()
  .meta({ id: "RegisterRequest" });
export type RegisterRequest = z.input<typeof registerSchema>;

export const verifyOtpSchema = z.object({ email: email(), otp }).strict();
export const emailOnlySchema = z.object({ email: email() }).strict();
export const forgotPasswordSchema = z
  .object({ email: email(AUTH_MESSAGES.forgotEmailRequired) })
  .strict();
export const loginSchema = z
  .object({ email: email(), password: givenPassword(AUTH_MESSAGES.passwordRequired) })
  .strict();
export const resetPasswordSchema = z
  .object({ email: email(), otp, newPassword: password() })
  .strict();
export const profileSchema = z
  .object({ name: requiredText(AUTH_MESSAGES.nameRequired, 100), phone: optionalPhone })
  .strict();
/** The current password too: a session left open must not be enough to move the account away. */
export const requestEmailChangeSchema = z
  .object({
    newEmail: email(),
    currentPassword: givenPassword(AUTH_MESSAGES.currentPasswordRequired),
  })
  .strict();
/** Another code for a change the current password already allowed (within the hour). */
export const resendEmailChangeSchema = z.object({ newEmail: email() }).strict();
export const verifyEmailChangeSchema = z.object({ newEmail: email(), otp }).strict();
export const changePasswordSchema = z
  .object({
    currentPassword: givenPassword(AUTH_MESSAGES.currentPasswordRequired),
    newPassword: password(AUTH_MESSAGES.newPasswordShort),
  })
  .strict();

export const registerReplySchema = z.object({ message: z.string(), email: z.string() });
export const userReplySchema = z.object({ message: z.string(), user: userSchema });
