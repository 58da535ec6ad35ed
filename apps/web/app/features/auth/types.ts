/** Field name → message, as the forms show them (and as the API's `errors` carry them). */
export type FieldErrors = Record<string, string>;

/**
 * What an account action hands back to its page. The same shape whether the form was sent by
 * React Router (JavaScript running) or as a plain HTML form post (before hydration).
 */
export type AuthResult = {
  /** Which form (or button) was submitted: "login", "register", "verify", "resend", … */
  intent: string;
  ok: boolean;
  /** The success text (shown as a toast) or the form-level error; empty when fields say it all. */
  message: string;
  /** Messages next to their fields. */
  errors: FieldErrors;
  /** What was typed (never a password), so a page rendered without JavaScript keeps it. */
  values?: Record<string, string>;
  /** The address a code went to: the verify step is for it. */
  email?: string;
  /** Set when a new code went out: restarts the 600-second countdown. */
  codeSentAt?: number;
  /**
   * Sign-in to an unverified account only (record 0035): false when no new code went out (the
   * per-address limits refused one), with the seconds the newest code still works (0: none) and
   * the seconds until another may be sent.
   */
  codeSent?: boolean;
  codeLeftSeconds?: number;
  retryAfterSeconds?: number;
  /** The sign-in attempt met an unverified account (decisions.md §2): move to the verify step. */
  needsVerification?: boolean;
  /** The address book's forms: which saved address the form was about (record 0040). */
  addressId?: string;
};

/** The intent of a submitted form. */
export function readIntent(form: FormData): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : "";
}

/** Every named text field of a form as a string ("" when missing). */
export function readText<const K extends string>(form: FormData, names: readonly K[]) {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

export function failure(
  intent: string,
  message: string,
  errors: FieldErrors = {},
  extra: Partial<AuthResult> = {},
): AuthResult {
  return { intent, ok: false, message, errors, ...extra };
}
