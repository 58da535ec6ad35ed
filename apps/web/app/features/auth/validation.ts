/**
 * The checks the account forms make before sending, in the browser and again in the actions (for
 * forms posted before JavaScript runs). They use the API's own schemas, so the messages are the
 * ones of storefront.md §5 and the API never sees a body it would refuse. Confirmation fields are
 * checked here only: the API never receives them.
 */
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  emailOnlySchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  requestEmailChangeSchema,
  resendEmailChangeSchema,
  resetPasswordSchema,
  verifyEmailChangeSchema,
  verifyOtpSchema,
} from "@vastra/contracts/auth";
import type { FieldErrors } from "./types";

type ParseResult =
  | { success: true }
  | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };

/** The first message of each field, keyed by the field's name. */
function firstIssues(result: ParseResult): FieldErrors {
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Field order of each form: the first invalid one (in this order) gets focus. */
export const LOGIN_FIELDS = ["email", "password"] as const;
export const REGISTER_FIELDS = [
  "name",
  "email",
  "phone",
  "password",
  "confirmPassword",
  "referredBy",
] as const;
export const RESET_FIELDS = ["otp", "newPassword", "confirmPassword"] as const;
export const PROFILE_FIELDS = ["name", "phone"] as const;
export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export type RegisterValues = Record<(typeof REGISTER_FIELDS)[number], string>;

export function validateLogin(values: { email: string; password: string }): FieldErrors {
  return firstIssues(loginSchema.safeParse(values));
}

/** Sign-in page's "Forgot your password?" view: 'Please enter your email address' when empty. */
export function validateForgotEmail(email: string): FieldErrors {
  return firstIssues(forgotPasswordSchema.safeParse({ email }));
}

/** Reset page's first step: 'Email is required' when empty. */
export function validateResetEmail(email: string): FieldErrors {
  return firstIssues(emailOnlySchema.safeParse({ email }));
}

/** The registration body the API takes: empty optional fields are left out. */
export function registerBody(values: RegisterValues) {
  return {
    name: values.name,
    email: values.email,
    password: values.password,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    ...(values.referredBy.trim() ? { referredBy: values.referredBy } : {}),
  };
}

export function validateRegister(values: RegisterValues): FieldErrors {
  const errors = firstIssues(registerSchema.safeParse(registerBody(values)));
  if (values.confirmPassword !== values.password) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsMismatch;
  }
  return errors;
}

/** A 6-digit code: 'Please enter the OTP' when empty. */
export function validateCode(otp: string): FieldErrors {
  const errors = firstIssues(verifyOtpSchema.safeParse({ email: "shopper@vastra.example", otp }));
  return errors.otp ? { otp: errors.otp } : {};
}

export function validateReset(values: {
  email: string;
  otp: string;
  newPassword: string;
  confirmPassword: string;
}): FieldErrors {
  const { confirmPassword, ...body } = values;
  const errors = firstIssues(resetPasswordSchema.safeParse(body));
  if (confirmPassword !== values.newPassword) {
    errors.confirmPassword = AUTH_MESSAGES.passwordsMismatch;
  }
  return errors;
}

export function profileBody(values: { name: string; phone: string }) {
  return { name: values.name, phone: values.phone.trim() ? values.phone : null };
}

export function validateProfile(values: { name: string; phone: string }): FieldErrors {
  return firstIssues(profileSchema.safeParse(profileBody(values)));
}

export const EMAIL_CHANGE_FIELDS = ["newEmail", "currentPassword"] as const;

/** Change Email step 1: the new address and the current password. */
export function validateNewEmail(values: {
  newEmail: string;
  currentPassword: string;
}): FieldErrors {
  return firstIssues(requestEmailChangeSchema.safeParse(values));
}

/** Step 2's resend: the address only (the password was checked in step 1). */
export function validateResendEmail(newEmail: string): FieldErrors {
  return firstIssues(resendEmailChangeSchema.safeParse({ newEmail }));
}

export function validateEmailChangeCode(values: { newEmail: string; otp: string }): FieldErrors {
  const errors = firstIssues(verifyEmailChangeSchema.safeParse(values));
  return errors.otp ? { otp: errors.otp } : {};
}

export function validatePasswordChange(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): FieldErrors {
  const { confirmPassword, ...body } = values;
  const errors = firstIssues(changePasswordSchema.safeParse(body));
  if (confirmPassword !== values.newPassword) {
    errors.confirmPassword = AUTH_MESSAGES.newPasswordsMismatch;
  }
  return errors;
}

/** The first field (in form order) that has a message. */
export function firstInvalid(fields: readonly string[], errors: FieldErrors): string | undefined {
  return fields.find((field) => errors[field]);
}
