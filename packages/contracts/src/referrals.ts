import { z } from "./zod.ts";

export const REFERRAL_MESSAGES = {
  loadFailed: "Failed to load referral data",
  potentialReward: "Potential reward",
} as const;

/** GET /api/affiliate/stats (storefront.md §3, decisions.md §5). */
export const affiliateStatsSchema = z
  .object({
    affiliateCode: z.string(),
    /** How many verified accounts joined with this code. */
    count: z.number().int(),
    /** Those accounts, newest first. */
    referred: z.array(z.object({ name: z.string(), email: z.string(), joinedAt: z.string() })),
    /** Rupees per referral, from the store settings (shown as '+₹{reward}'). */
    rewardPerReferral: z.number(),
  })
  .meta({ id: "AffiliateStats" });
export type AffiliateStats = z.infer<typeof affiliateStatsSchema>;
