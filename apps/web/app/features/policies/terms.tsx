import {
  ADULT_AGE,
  GRIEVANCE,
  PAYMENT_METHODS_TEXT,
  RETURNS,
  SHIPPING,
} from "@vastra/contracts/policy";
import { nonReturnableFor } from "@vastra/contracts/returns-messages";
import { codFeeSentence, shippingChargeSentence } from "@vastra/contracts/shipping-rules";
import type { StoreInfo } from "@vastra/contracts/store";
import { Link } from "react-router";
import { joinList } from "~/lib/store-format";
import type { PolicySection } from "./policy-layout";
import { StoreContact } from "./store-contact";

/** Terms and Conditions: nine numbered sections, then Contact (decisions.md §7). */
export function termsSections(store: StoreInfo): PolicySection[] {
  const payments = joinList(PAYMENT_METHODS_TEXT);
  return [
    {
      id: "about",
      title: "About these terms",
      body: (
        <>
          <p>
            These Terms and Conditions govern your use of the {store.name} website and every order
            you place with us. {store.name} is operated by <strong>{store.legalName}</strong>, a
            company based in {store.address.city}, {store.address.state} (“{store.name}”, “we”,
            “us”, “our”).
          </p>
          <p>
            By browsing the site, creating an account or placing an order you agree to these terms,
            together with our <Link to="/general-policy">Privacy Policy</Link>,{" "}
            <Link to="/shipping">Shipping Policy</Link> and{" "}
            <Link to="/cancellations">Cancellations &amp; Returns</Link> policy. If you do not
            agree, please do not use the site.
          </p>
          <p>
            Nothing in these terms takes away the rights you have as a consumer under the Consumer
            Protection Act, 2019 and the rules made under it.
          </p>
        </>
      ),
    },
    {
      id: "account",
      title: "Your account",
      body: (
        <>
          <p>
            You can browse without an account; to keep a cart, place orders, track them and join our
            referral programme you need one. You must be at least {ADULT_AGE} years old to open an
            account and place orders. If you are younger, a parent or guardian must place the order
            for you.
          </p>
          <ul>
            <li>
              Give us your real name and a working e-mail address and phone number: we use them to
              confirm your order, arrange payment and deliver it.
            </li>
            <li>
              Keep your password to yourself. You are responsible for what happens in your account
              until you tell us it has been misused.
            </li>
            <li>
              We may suspend or close an account that is used for fraud, abuse of offers or
              referrals, or in breach of these terms. We will tell you why, unless the law does not
              allow it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "products-prices",
      title: "Products, prices and availability",
      body: (
        <>
          <p>
            All prices are in Indian rupees (₹) and include applicable taxes such as GST unless the
            product page says otherwise. Shipping charges, if any, are explained in section 6.
          </p>
          <p>
            We photograph our pieces carefully, but colours can look slightly different on different
            screens, and handwoven, hand-printed and hand-embroidered fabrics naturally vary a
            little from piece to piece. These variations are part of the craft and are not defects.
          </p>
          <p>
            Stock is limited and shown as best we can. If a piece you ordered turns out to be
            unavailable, or a price was shown wrongly because of an obvious error, we will contact
            you before going ahead. You can then choose a replacement, accept the correct price or
            cancel, and anything you have already paid will be refunded in full.
          </p>
        </>
      ),
    },
    {
      id: "orders",
      title: "Placing an order",
      body: (
        <>
          <p>
            When you place an order you make an offer to buy the pieces in your cart. We send you an
            order confirmation by e-mail with your order number; the contract between us is formed
            when we confirm the order.
          </p>
          <p>
            <strong>We do not take payment online at checkout.</strong> After you place your order,
            a member of the {store.name} team contacts you by phone or e-mail to confirm your order,
            arrange payment and agree delivery details. We start processing your order once payment
            has been received (or as otherwise agreed with you).
          </p>
          <p>
            We may decline or cancel an order if a piece is out of stock, if we cannot deliver to
            your pincode, if we cannot reach you to confirm it, or if we reasonably suspect fraud.
            If that happens we will let you know and refund anything you have paid in full.
          </p>
        </>
      ),
    },
    {
      id: "payment",
      title: "Payment",
      body: (
        <>
          <p>We accept payment through {payments}.</p>
          <ul>
            <li>
              Payment is requested only after our team has contacted you about your order. The
              request will come from {store.legalName} or the official {store.name} contacts listed
              at the end of these terms.
            </li>
            <li>
              We will <strong>never</strong> ask for your UPI PIN, card details, OTP or banking
              password. Never share them with anyone who claims to be from {store.name}; if in
              doubt, call us on {store.phone}.
            </li>
            <li>
              Payments are processed by your own bank or payment app; we do not see or store your
              payment credentials.
            </li>
            <li>A tax invoice is issued for every order and sent with your parcel or by e-mail.</li>
          </ul>
        </>
      ),
    },
    {
      id: "shipping",
      title: "Shipping and delivery",
      body: (
        <>
          <p>
            We deliver across {SHIPPING.country} to {SHIPPING.citiesServed} cities. Orders are
            usually processed within {SHIPPING.processing.standard} ({SHIPPING.processing.custom}{" "}
            for custom-made or altered pieces), after which delivery takes the time of the shipping
            option you chose.
          </p>
          <p>
            {shippingChargeSentence(store.shipping)} {codFeeSentence(store.shipping)} The charges
            are shown in your cart and at checkout before you place the order, and are part of its
            total. Rates, delivery times and the cities we serve are set out in our{" "}
            <Link to="/shipping">Shipping Policy</Link>.
          </p>
          <p>
            Delivery dates are estimates. Ownership of, and responsibility for, the parcel pass to
            you on delivery.
          </p>
        </>
      ),
    },
    {
      id: "cancellations-returns",
      title: "Cancellations, returns and refunds",
      body: (
        <>
          <ul>
            <li>
              You can cancel an order free of charge within {RETURNS.freeCancellationHours} hours of
              placing it, as long as it has not yet moved to Processing.
            </li>
            <li>
              You can return most pieces within {store.returnWindowDays} days of delivery if they
              are unused and have their original tags attached.
            </li>
            <li>
              Some items cannot be returned:
              <ul>
                {nonReturnableFor(store.returnWindowDays).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
            <li>
              Once a return passes inspection, refunds reach your original payment method within{" "}
              {RETURNS.refundDays}.
            </li>
          </ul>
          <p>
            The full process is set out in our{" "}
            <Link to="/cancellations">Cancellations &amp; Returns</Link> policy, which forms part of
            these terms.
          </p>
        </>
      ),
    },
    {
      id: "use-of-site",
      title: "Using our site, reviews and referrals",
      body: (
        <>
          <p>
            All content on this site, including photographs, designs, text, logos and the{" "}
            {store.name} name, belongs to {store.legalName} or its licensors. You may view and share
            it for personal, non-commercial use; please do not copy, resell or scrape it.
          </p>
          <p>
            Reviews should be honest, about the product and your own experience, and free of
            abusive, misleading or unlawful content. We may remove reviews that are not, and we may
            use published reviews on our site and social channels.
          </p>
          <p>
            Our referral programme rewards you when people you refer shop with us, on the terms
            shown on the Referrals page. We may withhold rewards obtained through self-referral,
            fake accounts or other misuse.
          </p>
          <p>
            Please do not try to break, overload or gain unauthorised access to the site, and do not
            use it for anything unlawful.
          </p>
        </>
      ),
    },
    {
      id: "liability-law",
      title: "Liability, governing law and changes",
      body: (
        <>
          <p>
            We take care to describe and deliver our products accurately. To the extent the law
            allows, our total liability for any order is limited to the amount you paid for it, and
            we are not liable for indirect losses or for delays caused by events beyond our
            reasonable control, such as natural disasters, strikes or courier disruptions.
          </p>
          <p>
            These terms are governed by the laws of India. Any dispute will be subject to the courts
            at {store.address.city}, {store.address.state}, without affecting your right to approach
            a consumer commission where you live.
          </p>
          <p>
            We may update these terms from time to time. The version published on this page when you
            place an order applies to that order.
          </p>
        </>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      body: (
        <>
          <p>
            Questions about these terms, an order or a complaint? Write to us through our{" "}
            <Link to="/contact">contact page</Link> or reach us directly:
          </p>
          <StoreContact store={store} />
          <p>
            Our Grievance Officer can be reached at the same e-mail address. We acknowledge
            complaints within {GRIEVANCE.acknowledgeHours} hours and aim to resolve them within{" "}
            {GRIEVANCE.resolveWithin}.
          </p>
        </>
      ),
    },
  ];
}

/** Numbers the nine term sections; Contact stays unnumbered. */
export function termsNumber(section: PolicySection, index: number): string | undefined {
  return section.id === "contact" ? undefined : String(index + 1);
}
