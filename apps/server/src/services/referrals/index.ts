/**
 * Referral stats (storefront.md §3, decisions.md §5): the shopper's code, the verified accounts that
 * joined with it (newest first), and the reward per referral from the store settings.
 */
import type { AffiliateStats } from "@vastra/contracts";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { getStoreSettings } from "../store-settings.ts";

export function createReferralService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async stats(user: { id: string; affiliateCode: string }): Promise<AffiliateStats> {
      const referred = await db
        .select({ name: users.name, email: users.email, joinedAt: users.createdAt })
        .from(users)
        .where(and(eq(users.referredById, user.id), isNotNull(users.emailVerifiedAt)))
        .orderBy(desc(users.createdAt), desc(users.id));
      const store = await getStoreSettings(db);
      return {
        affiliateCode: user.affiliateCode,
        count: referred.length,
        referred: referred.map((r) => ({
          name: r.name,
          email: r.email,
          joinedAt: r.joinedAt.toISOString(),
        })),
        rewardPerReferral: store.referralRewardRupees,
      };
    },
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
