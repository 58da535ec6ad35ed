import { SHIPPING } from "@vastra/contracts/policy";
import { DEFAULT_SHIPPING_RULES, shippingChargeSentence } from "@vastra/contracts/shipping-rules";
import { PolicyLayout } from "~/features/policies/policy-layout";
import { shippingSections } from "~/features/policies/shipping";
import { loadStoreSettings } from "~/lib/store.server";
import { pageMeta } from "~/lib/store-format";
import type { Route } from "./+types/shipping";

export async function loader({ context }: Route.LoaderArgs) {
  return { store: await loadStoreSettings(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(
    "Shipping Policy",
    `${shippingChargeSentence(loaderData?.store.shipping ?? DEFAULT_SHIPPING_RULES)} Delivery to ${SHIPPING.citiesServed} cities across ${SHIPPING.country}, with ${SHIPPING.options.map((o) => o.name).join(", ")} options and order tracking.`,
    loaderData?.store,
  );
}

export default function Shipping({ loaderData: { store } }: Route.ComponentProps) {
  return (
    <PolicyLayout
      title="Shipping Policy"
      path="/shipping"
      intro={
        <p>
          From our {store.address.city} studio to your doorstep: here is how {store.name} packs,
          ships and delivers your order, what it costs and how long it takes.
        </p>
      }
      sections={shippingSections(store)}
    />
  );
}
