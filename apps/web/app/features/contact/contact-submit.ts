import type { ErrorReply } from "@vastra/contracts/common";
import { CONTACT_MESSAGES, contactRequestSchema } from "@vastra/contracts/contact";
import type { ApiFetch } from "@vastra/contracts/http";
import { apiCall } from "~/lib/api";

/** The form's fields, in the order they appear (and get focus when invalid). */
export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactResult =
  | { ok: true; message: string; id: string }
  | {
      ok: false;
      /** The API's status (0 when it could not be reached). */
      status: number;
      /** A banner above the form; empty when the field messages say it all. */
      banner: string;
      errors: ContactErrors;
      /** What the shopper typed, so a page rendered without JavaScript keeps it. */
      values: ContactValues;
    };

/** The submitted form as the API's request body (every field a string; phone may be empty). */
export function readContactForm(form: FormData): ContactValues {
  const values = {} as ContactValues;
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/** The same check the API makes, with the first message of each field. */
export function validateContact(values: ContactValues): ContactErrors {
  const parsed = contactRequestSchema.safeParse(values);
  if (parsed.success) return {};
  const first: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    first[key] ??= issue.message;
  }
  return pickFieldErrors(first);
}

function pickFieldErrors(errors: Record<string, string> | undefined): ContactErrors {
  const out: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const message = errors?.[field];
    if (message) out[field] = message;
  }
  return out;
}

/**
 * Sends the message through POST /api/contact (in-process from the server action, or straight
 * from the browser) and turns the reply into what the form shows.
 */
export async function sendContact(
  fetcher: ApiFetch,
  values: ContactValues,
): Promise<ContactResult> {
  try {
    const { response, data } = await apiCall<
      { message?: string; id?: string } & Partial<ErrorReply>
    >(fetcher, "/api/contact", {
      method: "POST",
      body: values,
      fallback: CONTACT_MESSAGES.failure,
    });
    if (response.ok) {
      return { ok: true, message: data?.message || CONTACT_MESSAGES.success, id: data?.id ?? "" };
    }
    const errors = pickFieldErrors(data?.errors);
    const hasFieldErrors = Object.keys(errors).length > 0;
    // Field problems are shown at the fields; a refusal the shopper can act on (such as the
    // rate limit) is shown as the server words it; anything else gets the friendly fallback.
    const banner = hasFieldErrors
      ? ""
      : response.status >= 400 && response.status < 500 && data?.message
        ? data.message
        : CONTACT_MESSAGES.failure;
    return { ok: false, status: response.status, banner, errors, values };
  } catch {
    return { ok: false, status: 0, banner: CONTACT_MESSAGES.failure, errors: {}, values };
  }
}
