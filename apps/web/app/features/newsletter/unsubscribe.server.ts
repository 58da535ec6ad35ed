/**
 * The unsubscribe page's calls (storefront.md §2 Unsubscribe, §7, §8; decisions.md §6), made
 * in-process: POST /api/newsletter/unsubscribe {email, token}, and the re-subscribe through
 * POST /api/newsletter/subscribe with source 'unsubscribe-page'.
 */
import type { ApiFetch } from "@vastra/contracts/http";
import {
  ALREADY_UNSUBSCRIBED,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SOURCES,
} from "@vastra/contracts/newsletter-messages";
import { ApiError, apiCall } from "~/lib/api";
import { subscribeToNewsletter } from "~/lib/newsletter-submit";
import type { ResubscribeOutcome, UnsubscribeOutcome } from "./types";

export type UnsubscribeLink = { email: string; token: string };

/** The link's email and token; a link without its email cannot work and says so at once. */
export function readLink(url: URL): { link: UnsubscribeLink; problem: UnsubscribeOutcome | null } {
  const email = (url.searchParams.get("email") ?? "").trim().slice(0, 254);
  const token = (url.searchParams.get("token") ?? "").trim().slice(0, 200);
  const link = { email, token };
  if (!email) return { link, problem: failed(NEWSLETTER_MESSAGES.missingEmail, false) };
  return { link, problem: null };
}

function failed(message: string, canRetry = true): UnsubscribeOutcome {
  return { kind: "unsubscribe", view: "error", message, canRetry };
}

/** Success, 'already' (the reply contains 'already unsubscribed'), or the error view. */
export async function unsubscribe(
  api: ApiFetch,
  link: UnsubscribeLink,
): Promise<UnsubscribeOutcome> {
  if (!link.email) return failed(NEWSLETTER_MESSAGES.missingEmail, false);
  try {
    const { response, data } = await apiCall<{ message?: string }>(
      api,
      "/api/newsletter/unsubscribe",
      { method: "POST", body: link, fallback: NEWSLETTER_MESSAGES.unsubscribeFailed },
    );
    const message = typeof data?.message === "string" ? data.message : "";
    if (response.ok) {
      const already = message.toLowerCase().includes(ALREADY_UNSUBSCRIBED);
      return {
        kind: "unsubscribe",
        view: already ? "already" : "success",
        message: message || NEWSLETTER_MESSAGES.unsubscribed,
        canRetry: true,
      };
    }
    // A wrong or cut-off link gets the API's own words ('Invalid unsubscribe link').
    if (response.status === 400 && message) return failed(message);
    return failed(NEWSLETTER_MESSAGES.unsubscribeFailed);
  } catch (error) {
    if (!(error instanceof ApiError)) console.error("unsubscribe: POST failed", error);
    return failed(NEWSLETTER_MESSAGES.unsubscribeFailed);
  }
}

/**
 * The re-subscribe button: really subscribes the address again, with the link's token, so the
 * network's limit does not apply to the address's owner (record 0042).
 */
export async function resubscribe(
  api: ApiFetch,
  email: string,
  view: ResubscribeOutcome["view"],
  token = "",
): Promise<ResubscribeOutcome> {
  const result = await subscribeToNewsletter(
    api,
    email,
    NEWSLETTER_SOURCES.unsubscribePage,
    token || undefined,
  );
  return { kind: "resubscribe", ok: result.ok, message: result.message, view };
}
