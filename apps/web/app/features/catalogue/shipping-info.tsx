import { BUSINESS_DAYS_TEXT, RETURNS, SHIPPING } from "@vastra/contracts/policy";
import {
  codFeeSentence,
  shippingChargeSentence,
  shippingOptionRows,
} from "@vastra/contracts/shipping-rules";
import { Link } from "react-router";
import { useStoreSettings } from "~/lib/store";
import { useShippingRules } from "./use-shipping-rules";

/**
 * The shipping tab: the same figures as the shipping and returns pages, from the one policy source
 * (decisions.md §3).
 */
export function ShippingInfo() {
  // The store's setting (record 0048), the same window My Orders holds returns to.
  const returnDays = useStoreSettings()?.returnWindowDays ?? RETURNS.returnWindowDays;
  const rules = useShippingRules();
  return (
    <div className="grid gap-8 md:grid-cols-2 md:gap-12">
      <section aria-labelledby="tab-shipping-heading">
        <h2
          id="tab-shipping-heading"
          className="font-display text-2xl font-semibold text-foreground"
        >
          Shipping
        </h2>
        <p className="mt-3 text-foreground/90">
          {shippingChargeSentence(rules)} {codFeeSentence(rules)} We deliver to{" "}
          {SHIPPING.citiesServed} cities across {SHIPPING.country}; orders leave us within{" "}
          {SHIPPING.processing.standard} ({SHIPPING.processing.custom} for custom pieces).
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Delivery options, fees and times</caption>
          <thead>
            <tr className="border-b border-border text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Option
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Fee
              </th>
              <th scope="col" className="py-2 font-medium">
                Delivery time
              </th>
            </tr>
          </thead>
          <tbody>
            {shippingOptionRows(rules).map((option) => (
              <tr key={option.name} className="border-b border-border/70">
                <th scope="row" className="py-2.5 pr-3 font-medium text-foreground">
                  {option.name}
                </th>
                <td className="py-2.5 pr-3">{option.fee}</td>
                <td className="py-2.5">{option.time}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-muted-foreground">Business days: {BUSINESS_DAYS_TEXT}.</p>
        <Link
          to="/shipping"
          className="mt-3 inline-block text-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
        >
          Read the shipping policy
        </Link>
      </section>

      <section aria-labelledby="tab-returns-heading">
        <h2
          id="tab-returns-heading"
          className="font-display text-2xl font-semibold text-foreground"
        >
          Returns &amp; refunds
        </h2>
        <p className="mt-3 text-foreground/90">
          {returnDays > 0
            ? `Changed your mind? Return it within ${returnDays} days of delivery.`
            : "Returns are not accepted on this store's orders."}{" "}
          Cancel free of charge within {RETURNS.freeCancellationHours} hours of ordering, before it
          is processed.
        </p>
        <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-foreground/90 marker:text-gold-600">
          {RETURNS.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
          <li>
            A damaged, defective or wrong item: tell us within {RETURNS.damagedReportHours} hours of
            delivery.
          </li>
        </ul>
        <p className="mt-4 text-sm text-foreground/90">
          We inspect returns within {RETURNS.inspectionDays}, process them in{" "}
          {RETURNS.processingDays} and refund within {RETURNS.refundDays}.
        </p>
        <Link
          to="/cancellations"
          className="mt-3 inline-block text-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
        >
          Read the cancellations &amp; returns policy
        </Link>
      </section>
    </div>
  );
}
