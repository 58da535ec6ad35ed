import { accountMeta } from "~/features/auth/meta";
import { loadReferralStats, referralOrigin } from "~/features/referrals/referrals.server";
import { ReferralsPage } from "~/features/referrals/referrals-page";
import { serverApi } from "~/lib/api.server";
import { requireUser } from "~/lib/auth.server";
import { useStoreSettings } from "~/lib/store";
import type { Route } from "./+types/affiliate";

/**
 * /affiliate, also /referrals (decisions.md §5: the same screen). Signed-in only: a guest is sent
 * to /login?redirect=<this page> before anything renders. The stats are streamed.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser(request, context, url);
  return {
    data: loadReferralStats(serverApi(context)),
    origin: referralOrigin(request),
    path: url.pathname.startsWith("/referrals") ? "/referrals" : "/affiliate",
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "Referrals",
    "Invite friends to Vastra with your referral link and follow the rewards it earns.",
    matches,
    { noindex: true },
  );
}

export default function Affiliate({ loaderData }: Route.ComponentProps) {
  const store = useStoreSettings();
  return (
    <ReferralsPage
      data={loaderData.data}
      origin={loaderData.origin}
      storeName={store?.name ?? "Vastra"}
      path={loaderData.path}
    />
  );
}
