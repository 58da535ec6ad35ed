import { PolicyLayout } from "~/features/policies/policy-layout";
import { termsNumber, termsSections } from "~/features/policies/terms";
import { loadStoreSettings } from "~/lib/store.server";
import { pageMeta } from "~/lib/store-format";
import type { Route } from "./+types/terms";

export async function loader({ context }: Route.LoaderArgs) {
  return { store: await loadStoreSettings(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const store = loaderData?.store;
  return pageMeta(
    "Terms and Conditions",
    `The terms for shopping with ${store?.name ?? "us"}: orders, payment by UPI and digital methods, shipping, cancellations, returns and refunds.`,
    store,
  );
}

export default function Terms({ loaderData: { store } }: Route.ComponentProps) {
  return (
    <PolicyLayout
      title="Terms and Conditions"
      path="/terms"
      intro={
        <p>
          Thank you for shopping with {store.name}. These terms explain how ordering, payment,
          delivery and returns work, and what you and we can expect from each other. We have kept
          them as clear as we can.
        </p>
      }
      sections={termsSections(store)}
      numbered={termsNumber}
    />
  );
}
