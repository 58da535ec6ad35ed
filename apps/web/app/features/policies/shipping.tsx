import { BUSINESS_DAYS_TEXT, RETURNS, SHIPPING } from "@vastra/contracts/policy";
import type { StoreSettings } from "@vastra/contracts/store";
import { Link } from "react-router";
import { formatRupees, joinList, telHref } from "./format";
import { Callout, FactTable, type PolicySection } from "./policy-layout";

/** Shipping Policy (storefront.md §9). */
export function shippingSections(store: StoreSettings): PolicySection[] {
  const freeUpto = formatRupees(SHIPPING.freeShippingUptoRupees);
  return [
    {
      id: "at-a-glance",
      title: "At a glance",
      body: (
        <ul>
          <li>
            <strong>Free shipping</strong> on orders up to {freeUpto}.
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
            rows={SHIPPING.options.map((option) => [
              option.name,
              formatRupees(option.feeRupees),
              option.time,
            ])}
          />
          <p>
            Standard shipping is free on every order up to {freeUpto}. Express and Same Day delivery
            are available for a faster arrival at the fees above; when our team calls to confirm
            your order, just tell us which option you would like.
          </p>
        </>
      ),
    },
    {
      id: "above-free-limit",
      title: `Orders above ${freeUpto}`,
      body: (
        <>
          <p>
            Larger orders often travel as more than one parcel, so we work out their shipping
            individually rather than charging a flat fee.
          </p>
          <Callout title={`If your order is above ${freeUpto}`}>
            <p>
              Our team will contact you about shipping charges before your order is dispatched.
              Nothing is added at checkout, and you will always know the exact amount before you
              pay.
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
