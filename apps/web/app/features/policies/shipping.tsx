import { BUSINESS_DAYS_TEXT, RETURNS, SHIPPING } from "@vastra/contracts/policy";
import {
  codFeeSentence,
  shippingChargeSentence,
  shippingOptionRows,
} from "@vastra/contracts/shipping-rules";
import type { StoreInfo } from "@vastra/contracts/store";
import { Link } from "react-router";
import { formatRupees, joinList, telHref } from "~/lib/store-format";
import { Callout, FactTable, type PolicySection } from "./policy-layout";

/** Shipping Policy (storefront.md §9). */
export function shippingSections(store: StoreInfo): PolicySection[] {
  const rules = store.shipping;
  const freeFrom = formatRupees(rules.freeShippingFromRupees);
  const chargesShipping = rules.shippingFeeRupees > 0 && rules.freeShippingFromRupees > 0;
  return [
    {
      id: "at-a-glance",
      title: "At a glance",
      body: (
        <ul>
          <li>
            <strong>{shippingChargeSentence(rules)}</strong> {codFeeSentence(rules)}
          </li>
          <li>
            Delivery to <strong>{SHIPPING.citiesServed} cities</strong> across {SHIPPING.country},
            including all major metros.
          </li>
          <li>
            Orders leave us within <strong>{SHIPPING.processing.standard}</strong> (
            {SHIPPING.processing.custom} for custom pieces).
          </li>
          <li>
            {joinList(SHIPPING.options.map((option) => option.name))} delivery options to choose
            from.
          </li>
          <li>Order tracking in My Orders, from confirmation to your doorstep.</li>
        </ul>
      ),
    },
    {
      id: "rates",
      title: "Shipping rates and delivery times",
      body: (
        <>
          <p>
            Delivery times are counted from the day your order is dispatched, in business days (
            {BUSINESS_DAYS_TEXT}).
          </p>
          <FactTable
            caption="Shipping options, fees and delivery times"
            head={["Option", "Fee", "Delivery time"]}
            rows={shippingOptionRows(rules).map((option) => [option.name, option.fee, option.time])}
          />
          <p>
            Checkout charges standard shipping, shown in your cart and at checkout before you place
            the order. Express and Same Day delivery are available for a faster arrival at the fees
            above, in place of standard shipping: when our team calls to confirm your order, just
            tell us which option you would like.
          </p>
        </>
      ),
    },
    {
      id: "charges",
      title: "What you pay for shipping",
      body: (
        <>
          <p>
            {chargesShipping
              ? `Orders whose items come to ${freeFrom} or more ship free. Below that, standard shipping costs ${formatRupees(rules.shippingFeeRupees)}.`
              : "Standard shipping is free on every order."}{" "}
            {codFeeSentence(rules)} Your cart says how much more ships free, and checkout shows
            every charge in the order's total before you place it.
          </p>
          <Callout title="How payment works">
            <p>
              We do not take payment online. Choose at checkout to pay by UPI when our team contacts
              you, or cash on delivery where your PIN code allows it. Either way, the store confirms
              your order with you before it is dispatched.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "processing",
      title: "Order processing",
      body: (
        <>
          <p>
            We do not take payment online. Once you place your order, a member of the {store.name}{" "}
            team gets in touch to confirm it and arrange payment. After that, every piece is checked
            for quality, carefully folded and packed.
          </p>
          <FactTable
            caption="Order processing times"
            head={["Type of piece", "Processing time"]}
            rows={[
              ["Ready-to-ship pieces", SHIPPING.processing.standard],
              ["Custom-made, made-to-measure or altered pieces", SHIPPING.processing.custom],
            ]}
          />
          <p>
            Orders confirmed on a Sunday or public holiday are processed on the next business day.
            During festive sales and peak seasons such as Diwali and the wedding season, processing
            can take a little longer; we will keep you posted if it does.
          </p>
        </>
      ),
    },
    {
      id: "where-we-deliver",
      title: "Where we deliver",
      body: (
        <>
          <p>
            We ship to {SHIPPING.citiesServed} cities and towns across {SHIPPING.country} through
            trusted courier partners, including the {SHIPPING.metroCities.length} metro cities:
          </p>
          <ul className="grid grid-cols-2 gap-x-6 sm:grid-cols-4">
            {SHIPPING.metroCities.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
          <p>
            Same Day delivery is available in selected cities only; our team will confirm whether it
            is possible for your pincode when they contact you. Delivery to remote areas and the
            North-East may take a few days longer than the times above.
          </p>
          <p>
            We currently deliver only within {SHIPPING.country}. If your pincode is not serviceable,
            we will let you know before taking any payment.
          </p>
        </>
      ),
    },
    {
      id: "tracking",
      title: "Tracking your order",
      body: (
        <>
          <p>You can follow your order in My Orders. It moves through these stages:</p>
          <ol>
            {RETURNS.trackingStages.map((stage) => (
              <li key={stage}>
                <strong>{stage}</strong>
                {" – "}
                {STAGE_TEXT[stage]}
              </li>
            ))}
          </ol>
          <p>
            When your parcel ships, you receive the courier’s tracking details so that you can
            follow it all the way to your door.
          </p>
        </>
      ),
    },
    {
      id: "delivery",
      title: "Receiving your parcel",
      body: (
        <ul>
          <li>
            Please give a complete address with landmark, the correct 6-digit pincode and a phone
            number you can be reached on: the courier will call before delivering.
          </li>
          <li>
            The courier makes up to {SHIPPING.deliveryAttempts} delivery attempts. If the parcel
            still cannot be delivered it comes back to us and we will contact you to arrange
            re-delivery.
          </li>
          <li>
            Please do not accept a parcel that looks opened or tampered with. If your parcel arrives
            damaged or something is missing, tell us within {RETURNS.damagedReportHours} hours of
            delivery, with photos, and we will put it right. See{" "}
            <Link to="/cancellations">Cancellations &amp; Returns</Link>.
          </li>
        </ul>
      ),
    },
    {
      id: "questions",
      title: "Questions about shipping",
      body: (
        <p>
          Our team is happy to help with delivery times, pincodes or a parcel that has not arrived.
          Call us on <a href={telHref(store.phone)}>{store.phone}</a>, write to{" "}
          <a href={`mailto:${store.email}`}>{store.email}</a> or send us a message through our{" "}
          <Link to="/contact">contact page</Link>.
        </p>
      ),
    },
  ];
}

/** What each tracking stage means for the shopper. */
export const STAGE_TEXT: Record<(typeof RETURNS.trackingStages)[number], string> = {
  "Order Confirmed": "we have your order and our team will contact you about payment and delivery.",
  Processing: "your pieces are being quality-checked and packed.",
  Shipped: "your parcel is with the courier and on its way.",
  Delivered: "your parcel has reached you. Enjoy wearing it!",
};
