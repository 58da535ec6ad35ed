import type { AffiliateStats } from "@vastra/contracts/referrals";

export type ReferralStats = AffiliateStats;

/** What the page shows: the stats, 'Access Restricted' (signed out), or 'No Data Available'. */
export type ReferralData =
  | { status: "ok"; stats: ReferralStats }
  | { status: "signed-out" }
  | { status: "error"; message: string };
