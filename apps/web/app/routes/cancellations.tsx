import { RETURNS } from "@vastra/contracts/policy";
import { cancellationsSections } from "~/features/policies/cancellations";
import { PolicyLayout } from "~/features/policies/policy-layout";
import { loadStoreSettings } from "~/lib/store.server";
import { pageMeta } from "~/lib/store-format";
import type { Route } from "./+types/cancellations";

export async function loader({ context }: Route.LoaderArgs) {
  return { store: await loadStoreSettings(context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(
    "Cancellations & Returns",
    `Free cancellation within ${RETURNS.freeCancellationHours} hours, returns within ${loaderData?.store.returnWindowDays ?? RETURNS.returnWindowDays} days of delivery for unused items with tags, and refunds within ${RETURNS.refundDays}.`,
    loaderData?.store,
  );
}

export default function Cancellations({ loaderData: { store } }: Route.ComponentProps) {
  return (
    <PolicyLayout
      title="Cancellations & Returns"
      path="/cancellations"
      intro={
        <p>
          Plans change, and sizes sometimes do not fit. Here is how to cancel an order, return a
          piece and get your money back, simply and without fuss.
        </p>
      }
      sections={cancellationsSections(store)}
    />
  );
}
