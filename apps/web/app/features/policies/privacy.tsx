import { ADULT_AGE, GRIEVANCE, PRIVACY } from "@vastra/contracts/policy";
import type { StoreSettings } from "@vastra/contracts/store";
import { Link } from "react-router";
import { addressOneLine, telHref } from "~/lib/store-format";
import type { PolicySection } from "./policy-layout";
import { StoreContact } from "./store-contact";

/** Privacy Policy, dated PRIVACY_POLICY_DATE, in the language of the DPDP Act 2023. */
export function privacySections(store: StoreSettings): PolicySection[] {
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {store.name} is operated by <strong>{store.legalName}</strong>, {addressOneLine(store)}.
            For the purposes of the Digital Personal Data Protection Act, 2023 (the “DPDP Act”), we
            are the <strong>Data Fiduciary</strong> for the personal data you share with us: we
            decide why and how it is used, and we are responsible for protecting it.
          </p>
          <p>
            This policy explains what we collect, why, who we share it with, how long we keep it and
            the rights you have as a <strong>Data Principal</strong>. It applies to our website, our
            e-mails and our conversations with you about orders and styling.
          </p>
        </>
      ),
    },
    {
      id: "what-we-collect",
      title: "What we collect",
      body: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Account details:</strong> your name, e-mail address, phone number (optional)
              and password. Passwords are stored only in a securely hashed form that we cannot read.
            </li>
            <li>
              <strong>Orders:</strong> the items you buy, delivery address and pincode, contact
              numbers for delivery, and the payment status and reference of your order.
            </li>
            <li>
              <strong>Messages:</strong> what you write to us through the contact form, by e-mail,
              phone, WhatsApp or Instagram, including styling preferences and sizes you share.
            </li>
            <li>
              <strong>Reviews</strong> you post, shown with your name on the product page.
            </li>
            <li>
              <strong>Newsletter:</strong> your e-mail address, if you subscribe.
            </li>
            <li>
              <strong>Referrals:</strong> your referral code and the sign-ups and orders it brings.
            </li>
          </ul>
          <h3>Information collected automatically</h3>
          <ul>
            <li>
              Technical data needed to run the site securely: IP address, browser type, the pages
              you request and the time of each request. We use it to keep the site working, prevent
              abuse (for example, repeated sign-in attempts or spam messages) and fix problems.
            </li>
            <li>Your cart, so that it is still there when you come back.</li>
          </ul>
          <p>
            We do not collect your card numbers, UPI PIN or banking passwords. Payments happen in
            your own bank or payment app.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How we use your data",
      body: (
        <ul>
          <li>
            To create and manage your account and keep it secure, including verification codes.
          </li>
          <li>
            To confirm your orders, contact you about payment and delivery, ship your parcel and
            handle cancellations, returns and refunds.
          </li>
          <li>To answer your messages and offer personal styling advice you ask for.</li>
          <li>To run our referral programme and show reviews.</li>
          <li>To send you our newsletter, only if you have subscribed.</li>
          <li>
            To prevent fraud and misuse, keep records required by tax and accounting law, and meet
            other legal obligations.
          </li>
          <li>To understand what works on our site and improve our collections and service.</li>
        </ul>
      ),
    },
    {
      id: "legal-basis",
      title: "Consent and legitimate uses",
      body: (
        <>
          <p>
            We process your personal data on the basis of your <strong>consent</strong>, given when
            you create an account, place an order, subscribe to our newsletter or send us a message,
            and for the <strong>legitimate uses</strong> allowed by section 7 of the DPDP Act, such
            as fulfilling an order you have asked for or meeting a legal obligation.
          </p>
          <p>
            You can withdraw your consent at any time by writing to us (see “Contact and grievance
            officer” below). Withdrawing consent does not affect processing that already took place,
            and we may need to keep some records where the law requires it.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      body: (
        <>
          <p>
            <strong>We never sell your personal data.</strong> We share only what is needed, with:
          </p>
          <ul>
            <li>
              <strong>Courier and logistics partners</strong>, who receive your name, address,
              pincode and phone number to deliver your parcel.
            </li>
            <li>
              <strong>Service providers</strong> who host our website and data and send our e-mails,
              acting as Data Processors under contract and only on our instructions.
            </li>
            <li>
              <strong>Government and law-enforcement authorities</strong>, when the law requires it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <p>
          We use a small number of essential cookies: to keep you signed in and to protect your
          account and our forms. We do not use advertising cookies or sell browsing data to
          advertisers. You can block cookies in your browser, but you will then not be able to sign
          in or place orders.
        </p>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <ul>
          <li>Account details: for as long as your account is open.</li>
          <li>
            Orders and invoices: for {PRIVACY.orderRecordsRetention}, as required by tax and
            accounting law.
          </li>
          <li>
            Contact messages: for {PRIVACY.contactMessagesRetention}, unless they relate to an order
            or an open complaint.
          </li>
          <li>Newsletter: until you unsubscribe.</li>
          <li>
            When you ask us to close your account, we erase your personal data within{" "}
            {PRIVACY.accountErasure}, except the records the law requires us to keep.
          </li>
        </ul>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      body: (
        <p>
          We take reasonable security safeguards, as the DPDP Act requires: encrypted connections
          (HTTPS), hashed passwords, access limited to staff who need it, and regular reviews of our
          systems. If a personal data breach occurs that affects you, we will inform you and the
          Data Protection Board of India as the law requires.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Under the DPDP Act, you have the right to:</p>
          <ul>
            <li>
              <strong>Access</strong> a summary of the personal data we hold about you and how we
              use it, and who we have shared it with.
            </li>
            <li>
              <strong>Correct, complete or update</strong> it. You can change your name and phone
              number in your profile at any time.
            </li>
            <li>
              <strong>Erase</strong> it, when it is no longer needed for the purpose you gave it
              for, unless the law requires us to keep it.
            </li>
            <li>
              <strong>Withdraw consent</strong> you have given, as easily as you gave it.
            </li>
            <li>
              <strong>Grievance redressal</strong>: complain to us, and if you are not satisfied, to
              the Data Protection Board of India.
            </li>
            <li>
              <strong>Nominate</strong> a person to exercise these rights on your behalf in case of
              death or incapacity.
            </li>
          </ul>
          <p>
            To use any of these rights, write to <a href={`mailto:${store.email}`}>{store.email}</a>{" "}
            from the e-mail address linked to your account. We may ask you to confirm your identity
            first.
          </p>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      body: (
        <p>
          Our site is meant for adults. We do not knowingly collect personal data from anyone under{" "}
          {ADULT_AGE} without verifiable consent from a parent or lawful guardian, and we do not
          track children or target advertising at them. If you believe a child has given us their
          data, please contact us and we will delete it.
        </p>
      ),
    },
    {
      id: "marketing",
      title: "Newsletter and marketing",
      body: (
        <p>
          We send our newsletter only to people who have subscribed. Every newsletter has an
          unsubscribe link, and one click is enough to stop them. Messages about your orders are
          part of the service and are sent even if you do not subscribe.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          We may update this policy as our services or the law change. The date at the top of this
          page shows when it was last updated; if we make an important change, we will let you know
          by e-mail or on the site.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact and grievance officer",
      body: (
        <>
          <p>
            For any question or complaint about your personal data, contact our Grievance Officer at{" "}
            <a href={`mailto:${store.email}`}>{store.email}</a> or{" "}
            <a href={telHref(store.phone)}>{store.phone}</a>, or use our{" "}
            <Link to="/contact">contact page</Link>. We acknowledge complaints within{" "}
            {GRIEVANCE.acknowledgeHours} hours and aim to resolve them within{" "}
            {GRIEVANCE.resolveWithin}.
          </p>
          <StoreContact store={store} />
        </>
      ),
    },
  ];
}
