import { affiliateStatsSchema, errorSchema } from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../http/auth.ts";
import type { ReferralService } from "../services/referrals/index.ts";

export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralService }> = async (
  app,
  { referrals },
) => {
  app.get(
    "/affiliate/stats",
    {
      config: { auth: "user" },
      schema: {
        tags: ["referrals"],
        summary: "The shopper's referral code, the accounts that joined with it, and the reward",
        response: { 200: affiliateStatsSchema, 401: errorSchema },
      },
    },
    async (request) => referrals.stats(currentUser(request)),
  );
};
