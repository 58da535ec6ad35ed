import type { ApiFetch } from "@vastra/contracts/http";
import { NEWSLETTER_MESSAGES, NEWSLETTER_SOURCES } from "@vastra/contracts/newsletter-messages";
import { ApiError, apiCall } from "~/lib/api";
import type { NewsletterResult } from "~/lib/newsletter-result";

// The zod-free texts module: the schemas stay out of the home page's bundle.
export const NEWSLETTER_SUCCESS = NEWSLETTER_MESSAGES.subscribed;
export const NEWSLETTER_FAILURE = NEWSLETTER_MESSAGES.subscribeFailed;
export const NEWSLETTER_INVALID = NEWSLETTER_MESSAGES.emailInvalid;
/** Recorded with the subscription (decisions.md §6: the source is recorded). */
export const NEWSLETTER_SOURCE = NEWSLETTER_SOURCES.home;

// The form's timing and result shape live apart (newsletter-result.ts): the form loads this
// module only when it is used.
export type { NewsletterResult } from "~/lib/newsletter-result";

// The contracts' linear pattern (common.ts EMAIL), copied to keep zod out of the bundle; the length
// is checked first so the pattern never sees a megabyte.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const EMAIL_MAX = 254;

/** Statuses whose message speaks to the shopper (bad address, too many tries…). */
const SHOPPER_STATUSES = new Set([400, 409, 422, 429]);

/**
 * POST /api/newsletter/subscribe {email, source ('home' by default)}, from the browser or in-process from the route action.
 * Success is status 200 (any 2xx) and shows the API's message (ours when it has none); an error shows the server's message when it is meant for the
 * shopper, otherwise 'Subscription failed. Please try again.'.
 */
export async function subscribeToNewsletter(
  fetcher: ApiFetch,
  rawEmail: string,
  source: string = NEWSLETTER_SOURCE,
  /** The unsubscribe link's token, when re-subscribing from that link. */
  token?: string,
): Promise<NewsletterResult> {
  const result = await subscribe(fetcher, rawEmail.trim(), source, token);
  return result.ok ? result : { ...result, email: rawEmail.slice(0, 254) };
}

async function subscribe(
  fetcher: ApiFetch,
  email: string,
  source: string,
  token?: string,
): Promise<NewsletterResult> {
  if (email.length > EMAIL_MAX || !EMAIL.test(email))
    return { ok: false, message: NEWSLETTER_INVALID };
  try {
    const { response, data } = await apiCall<{ message?: string }>(
      fetcher,
      "/api/newsletter/subscribe",
      {
        method: "POST",
        body: token ? { email, source, token } : { email, source },
        fallback: NEWSLETTER_FAILURE,
      },
    );
    const serverMessage = typeof data?.message === "string" ? data.message.trim() : "";
    // The API's welcome ('Welcome to the Vastra family! …', decisions.md §6), else ours.
    if (response.ok) return { ok: true, message: serverMessage || NEWSLETTER_SUCCESS };
    return {
      ok: false,
      message:
        serverMessage && SHOPPER_STATUSES.has(response.status) ? serverMessage : NEWSLETTER_FAILURE,
    };
  } catch (error) {
    if (!(error instanceof ApiError)) console.error("newsletter: subscribe failed", error);
    return { ok: false, message: NEWSLETTER_FAILURE };
  }
}
