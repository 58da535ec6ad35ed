import { BUSINESS_DAYS_TEXT, RETURNS } from "@vastra/contracts/policy";
import { nonReturnableFor } from "@vastra/contracts/returns-messages";
import type { StoreSettings } from "@vastra/contracts/store";
import { Link } from "react-router";
import { telHref } from "~/lib/store-format";
import { Callout, FactTable, type PolicySection } from "./policy-layout";
import { STAGE_TEXT } from "./shipping";
import { StoreContact } from "./store-contact";

/**
 * Cancellations & Returns (storefront.md §9): one return window, one non-returnable list. The
 * window is the store's setting (GET /api/store returnWindowDays, record 0048), the same number
 * the returns in My Orders are held to.
 */
export function cancellationsSections(
  store: StoreSettings & { returnWindowDays?: number },
): PolicySection[] {
  const hours = RETURNS.freeCancellationHours;
  const days = store.returnWindowDays ?? RETURNS.returnWindowDays;
  const nonReturnable = nonReturnableFor(days);
  return [
    {
      id: "cancelling",
      title: "Cancelling an order",
      body: (
        <>
          <p>
            Changed your mind? You can cancel an order{" "}
            <strong>free of charge within {hours} hours of placing it</strong>, as long as it has
            not yet moved to Processing.
          </p>
          <ol>
            <li>
              Sign in and open <Link to="/orders">My Orders</Link>.
            </li>
            <li>Find the order and choose to cancel it.</li>
            <li>The order is marked as cancelled straight away.</li>
          </ol>
          <p>
            If more than {hours} hours have passed, or your order is already being processed,
            contact us as soon as possible on <a href={telHref(store.phone)}>{store.phone}</a> and
            we will do our best to stop it. Once an order has shipped it can no longer be cancelled,
            but you can return it after delivery under the return policy below.
          </p>
          <p>
            Because we do not take payment online, most cancellations involve no refund at all. If
            you had already paid, the full amount is refunded to your original payment method within{" "}
            {RETURNS.refundDays}.
          </p>
        </>
      ),
    },
    {
      id: "tracking",
      title: "Order tracking stages",
      body: (
        <>
          <p>Every order moves through four stages, shown in My Orders:</p>
          <FactTable
            caption="Order stages and what they mean"
            head={["Stage", "What it means"]}
            rows={RETURNS.trackingStages.map((stage) => [stage, capitalise(STAGE_TEXT[stage])])}
          />
          <p>
            Free cancellation is possible while your order is at Order Confirmed and within {hours}{" "}
            hours of placing it.
          </p>
        </>
      ),
    },
    {
      id: "returns",
      title: "Our return policy",
      body: (
        <>
          <p>
            We want you to love what you wear. If something is not right, you can return it{" "}
            <strong>within {days} days of delivery</strong>. To be accepted, a returned piece must
            be:
          </p>
          <ul>
            {RETURNS.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
          <p>
            Please try pieces on carefully, without removing the tags. Pieces that arrive back
            without their tags, or that show signs of wear, washing, perfume or alteration, will be
            sent back to you.
          </p>
        </>
      ),
    },
    {
      id: "non-returnable",
      title: "Items that cannot be returned",
      body: (
        <>
          <p>For hygiene, safety and fairness, we cannot accept returns of:</p>
          <ul>
            {nonReturnable.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>
            This does not apply if an item arrives damaged, defective or is not what you ordered:
            see the next section.
          </p>
        </>
      ),
    },
    {
      id: "damaged",
      title: "Damaged, defective or wrong items",
      body: (
        <>
          <p>
            We check every piece before it leaves us, but if your order arrives damaged, with a
            manufacturing defect, or is not what you ordered, we are sorry and we will make it
            right.
          </p>
          <ul>
            <li>
              Tell us within <strong>{RETURNS.damagedReportHours} hours of delivery</strong>, with
              your order number and clear photos of the item, its tags and the packaging.
            </li>
            <li>Return shipping for these items is free: we arrange the pickup.</li>
            <li>
              You choose between a replacement (when the piece is in stock) and a full refund.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "how-to-return",
      title: "How to return an item",
      body: (
        <ol>
          <li>
            Within {days} days of delivery, open <Link to="/orders">My Orders</Link> and choose{" "}
            <strong>Return or exchange</strong> on the delivered order: pick the pieces, how many,
            the reason, and whether you want your money back or another size. You can also contact
            us through our <Link to="/contact">contact page</Link> (choose “Returns &amp; Refunds”),
            by e-mail at <a href={`mailto:${store.email}`}>{store.email}</a> or by phone, with your
            order number and the pieces you would like to return.
          </li>
          <li>
            Our team confirms your return and arranges a pickup where our courier partners serve
            your pincode, or shares the address to send it to.
          </li>
          <li>
            Pack the piece in its original packaging with all tags attached, and keep the courier
            receipt until your refund arrives.
          </li>
        </ol>
      ),
    },
    {
      id: "refunds",
      title: "Refund timeline",
      body: (
        <>
          <p>Once your return reaches us, this is what happens:</p>
          <FactTable
            caption="Refund timeline"
            head={["Step", "Time"]}
            rows={[
              ["Quality inspection of the returned piece", RETURNS.inspectionDays],
              ["Refund approved and processed", RETURNS.processingDays],
              ["Refund reaches your account", RETURNS.refundDays],
            ]}
          />
          <p>
            Refunds go back to the payment method you used (for example, the same UPI ID). We keep
            you informed at each step. Business days are {BUSINESS_DAYS_TEXT}.
          </p>
          <Callout>
            <p>
              Your bank or payment app may take a little longer to show the credit. If you have not
              received your refund after {RETURNS.refundDays}, please contact us and we will follow
              it up for you.
            </p>
          </Callout>
        </>
      ),
    },
    {
      id: "exchanges",
      title: "Exchanges",
      body: (
        <p>
          Need a different size or colour? Tell us when you request your return. If the piece you
          want is in stock, we will reserve it and send it once the original reaches us. If not, we
          will refund you in full.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Need help?",
      body: (
        <>
          <p>Our team is here for any question about a cancellation, return or refund.</p>
          <StoreContact store={store} />
        </>
      ),
    },
  ];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
