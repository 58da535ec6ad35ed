import { PRIVACY_POLICY_DATE } from "@vastra/contracts/policy";
import { PolicyLayout } from "~/features/policies/policy-layout";
import { privacySections } from "~/features/policies/privacy";
import { loadStoreSettings } from "~/lib/store.server";
import { pageMeta } from "~/lib/store-format";
import type { Route } from "./+types/general-policy";

export async function loader({ context }: Route.LoaderArgs) {
  return { store: await loadStoreSettings(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const store = loaderData?.store;
  return pageMeta(
    "Privacy Policy",
    `How ${store?.name ?? "we"} collect, use and protect your personal data under India's Digital Personal Data Protection Act, 2023, and the rights you have.`,
    store,
  );
}

export default function GeneralPolicy({ loaderData: { store } }: Route.ComponentProps) {
  return (
    <PolicyLayout
      title="Privacy Policy"
      path="/general-policy"
      updated={PRIVACY_POLICY_DATE}
      intro={
        <p>
          Your trust matters to us. This policy explains, in plain language, how {store.name}{" "}
          handles your personal data when you browse, shop or talk to us, and how you stay in
          control of it.
        </p>
      }
      sections={privacySections(store)}
    />
  );
}
