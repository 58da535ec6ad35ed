import { CONTACT_REPLY_TIME } from "@vastra/contracts/policy";
import type { StoreSettings } from "@vastra/contracts/store";
import {
  CalendarHeart,
  Clock,
  FileText,
  Gift,
  Mail,
  MapPin,
  Phone,
  RotateCcw,
  Ruler,
  ShieldCheck,
  Shirt,
  Truck,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { InstagramIcon, WhatsAppIcon } from "~/components/layout/social-icons";
import { StoreHours } from "~/components/layout/store-hours";
import { Button } from "~/components/ui/button";
import { addressLines, telHref } from "~/lib/store-format";
import { ContactForm } from "./contact-form";
import type { ContactResult } from "./contact-submit";

const STYLING = [
  {
    icon: CalendarHeart,
    title: "Occasion dressing",
    text: "Weddings, sangeet, haldi, festivals or office parties: tell us the occasion and we will suggest looks that fit it.",
  },
  {
    icon: Ruler,
    title: "Fit and sizing",
    text: "Unsure between two sizes? Share your measurements and we will help you choose with confidence.",
  },
  {
    icon: Shirt,
    title: "Fabrics and care",
    text: "From handloom cotton to silk blends, we will tell you how a piece feels, drapes and should be cared for.",
  },
  {
    icon: Gift,
    title: "Gifting",
    text: "Shopping for someone special? We will help you pick something they will love, in the right size.",
  },
] as const;

const HELP_LINKS = [
  {
    to: "/shipping",
    icon: Truck,
    label: "Shipping Policy",
    text: "Rates, delivery times, tracking",
  },
  {
    to: "/cancellations",
    icon: RotateCcw,
    label: "Cancellations & Returns",
    text: "Cancelling, returning, refunds",
  },
  {
    to: "/terms",
    icon: FileText,
    label: "Terms and Conditions",
    text: "Orders, payment, your rights",
  },
  {
    to: "/general-policy",
    icon: ShieldCheck,
    label: "Privacy Policy",
    text: "How we protect your data",
  },
] as const;

/** A WhatsApp chat link that opens with a friendly first line already typed. */
function whatsappHref(store: StoreSettings): string {
  try {
    const url = new URL(store.social.whatsapp);
    url.searchParams.set("text", `Hi ${store.name}, I would love some help choosing an outfit.`);
    return url.toString();
  } catch {
    return store.social.whatsapp;
  }
}

/** "Personal Styling and Contact Us": the form, support hours, contacts and social links. */
export function ContactPage({
  store,
  result,
}: {
  store: StoreSettings;
  result: ContactResult | undefined;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-16">
      <header className="max-w-3xl">
        <p className="font-medium text-primary text-sm uppercase tracking-widest">
          Personal styling
        </p>
        <h1 className="mt-2 font-display font-semibold text-3xl text-foreground tracking-tight sm:text-4xl md:text-5xl">
          Personal Styling and Contact Us
        </h1>
        <p className="mt-5 text-foreground/90 text-lg leading-8">
          Looking for the perfect outfit for a wedding, a festival or every day? Our stylists are
          happy to help you find pieces you will love, and our support team is here for anything
          about your orders. Write to us and we will reply {CONTACT_REPLY_TIME}.
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:mt-12 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-xl border border-border bg-card p-5 shadow-sm sm:p-8 lg:self-start"
        >
          <h2 id="contact-form-heading" className="font-display text-2xl text-foreground">
            Send us a message
          </h2>
          <p className="mt-1 mb-6 text-muted-foreground">
            Choose a subject so that the right person answers you.
          </p>
          <ContactForm result={result} />
        </section>

        <div className="grid content-start gap-6">
          <InfoCard icon={<Clock aria-hidden="true" className="size-5" />} title="Hours">
            {/* The footer's hours, from the same setting and shown the same way (record 0035). */}
            <StoreHours
              hours={store.hours}
              className="text-foreground/90"
              daysClassName="font-medium text-foreground"
              noteClassName="text-muted-foreground"
            />
            <p className="mt-3 text-muted-foreground text-sm">
              Messages sent outside these hours are answered the next day we are open.
            </p>
          </InfoCard>

          <InfoCard icon={<MapPin aria-hidden="true" className="size-5" />} title="Reach us">
            <address className="grid gap-3 not-italic">
              <span>
                <span className="block font-medium text-foreground">{store.name}</span>
                {addressLines(store).map((line) => (
                  <span key={line} className="block text-foreground/90">
                    {line}
                  </span>
                ))}
              </span>
              <a
                href={telHref(store.phone)}
                className="inline-flex items-center gap-2 font-medium text-primary underline-offset-2 hover:underline"
              >
                <Phone aria-hidden="true" className="size-4" />
                {store.phone}
              </a>
              <a
                href={`mailto:${store.email}`}
                className="inline-flex items-center gap-2 font-medium text-primary underline-offset-2 hover:underline"
              >
                <Mail aria-hidden="true" className="size-4" />
                {store.email}
              </a>
            </address>
          </InfoCard>

          <InfoCard title="Chat with us">
            <p className="text-foreground/90">
              Send us a photo of a look you love, or ask a quick question.
            </p>
            <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
              <Button asChild variant="outline">
                <a href={store.social.instagram} target="_blank" rel="noopener noreferrer">
                  <InstagramIcon className="size-5" />
                  Follow on Instagram
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
              <Button asChild>
                <a href={whatsappHref(store)} target="_blank" rel="noopener noreferrer">
                  <WhatsAppIcon className="size-5" />
                  Chat on WhatsApp
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            </div>
          </InfoCard>
        </div>
      </div>

      <section aria-labelledby="styling-heading" className="mt-14">
        <h2 id="styling-heading" className="font-display text-3xl text-foreground">
          How our stylists can help
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STYLING.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-5">
              <span className="grid size-10 place-items-center rounded-full bg-maroon-50 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-display text-foreground text-xl">{title}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-6">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="help-heading" className="mt-14">
        <h2 id="help-heading" className="font-display text-3xl text-foreground">
          Quick answers
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HELP_LINKS.map(({ to, icon: Icon, label, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-3 rounded-xl border border-border bg-card p-5 transition-colors hover:border-primary/50 hover:bg-maroon-50"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>
                  <span className="block font-medium text-foreground group-hover:text-primary">
                    {label}
                  </span>
                  <span className="mt-1 block text-muted-foreground text-sm">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function InfoCard({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-border bg-card p-5 sm:p-6">
      <h2 className="flex items-center gap-2 font-display text-foreground text-xl">
        {icon ? <span className="text-primary">{icon}</span> : null}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
