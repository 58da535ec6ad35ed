/**
 * The referral page's data (storefront.md §2 Referrals, §3 Affiliate stats, §8; decisions.md §5):
 * GET /api/affiliate/stats in-process with the shopper's cookie. Never rejects: the page shows
 * 'Access Restricted' for a session that ended, 'No Data Available' for any other failure.
 */
import type { ApiFetch } from "@vastra/contracts/http";
import { REFERRAL_MESSAGES } from "@vastra/contracts/referrals";
import { ApiError, apiJson } from "~/lib/api";
import type { ReferralData, ReferralStats } from "./types";

export async function loadReferralStats(api: ApiFetch): Promise<ReferralData> {
  try {
    const stats = await apiJson<ReferralStats>(api, "/api/affiliate/stats", {
      fallback: REFERRAL_MESSAGES.loadFailed,
    });
    return { status: "ok", stats };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: "signed-out" };
    console.error("referrals: GET /api/affiliate/stats failed", error);
    return { status: "error", message: REFERRAL_MESSAGES.loadFailed };
  }
}

/** The origin shared links start with: PUBLIC_URL when set, else the request's own. */
export function referralOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, "");
  if (configured && /^https?:\/\//i.test(configured)) return configured;
  return new URL(request.url).origin;
}
