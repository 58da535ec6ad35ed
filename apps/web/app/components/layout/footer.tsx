import type { StoreSettings } from "@vastra/contracts/store";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { telHref } from "~/lib/store";
import { HELP_LINKS, MAIN_NAV } from "./nav-links";
import { FacebookIcon, InstagramIcon, WhatsAppIcon } from "./social-icons";
import { StoreHours } from "./store-hours";

export type FooterProps = {
  /** Store settings from GET /api/store (root loader). */
  store: StoreSettings;
};

/** The site footer: address, hours, contact, social links and the help/policy pages. */
export function Footer({ store }: FooterProps) {
  const { address } = store;
  const year = new Date().getFullYear();
  const socials = [
    { href: store.social.instagram, label: "Instagram", Icon: InstagramIcon },
    { href: store.social.facebook, label: "Facebook", Icon: FacebookIcon },
    { href: store.social.whatsapp, label: "WhatsApp", Icon: WhatsAppIcon },
  ];
  return (
    <footer className="mt-auto bg-maroon-950 text-ivory-200 [--color-ring:var(--color-gold-300)]">
      <div
        aria-hidden="true"
        className="h-1 bg-gradient-to-r from-gold-700 via-gold-300 to-gold-700"
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr] lg:gap-12 lg:px-8">
        <section aria-labelledby="footer-brand">
          <h2
            id="footer-brand"
            className="font-display text-3xl font-semibold tracking-[0.16em] text-ivory-50 uppercase"
          >
            {store.name}
          </h2>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-ivory-300">{store.tagline}</p>
          <ul className="mt-6 flex gap-3" aria-label="Follow us">
            {socials.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${store.name} on ${label} (opens in a new tab)`}
                  className="grid size-11 place-items-center rounded-full border border-gold-300/40 text-gold-200 transition-colors hover:border-gold-300 hover:bg-gold-300 hover:text-maroon-950"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <FooterSection title="Visit us" id="footer-visit">
          <address className="flex gap-3 not-italic">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
            <span>
              {address.line1}
              <br />
              {address.line2}
              <br />
              {address.city} {address.pincode}, {address.state}
            </span>
          </address>
          <div className="mt-4 flex gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-300" />
            <StoreHours
              hours={store.hours}
              daysClassName="text-ivory-300"
              noteClassName="text-ivory-300"
            />
          </div>
        </FooterSection>

        <FooterSection title="Get in touch" id="footer-contact">
          <ul className="grid gap-3">
            <li>
              <FooterAnchor
                href={telHref(store.phone)}
                icon={<Phone aria-hidden="true" className="size-4" />}
              >
                {store.phone}
              </FooterAnchor>
            </li>
            <li>
              <FooterAnchor
                href={`mailto:${store.email}`}
                icon={<Mail aria-hidden="true" className="size-4" />}
              >
                {store.email}
              </FooterAnchor>
            </li>
            <li>
              <FooterAnchor
                href={store.social.whatsapp}
                external
                icon={<WhatsAppIcon className="size-4" />}
              >
                Chat on WhatsApp
              </FooterAnchor>
            </li>
          </ul>
        </FooterSection>

        <FooterSection title="Help" id="footer-help">
          <nav aria-labelledby="footer-help">
            <ul className="grid gap-2.5">
              {[MAIN_NAV[0], ...HELP_LINKS].map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded-sm underline-offset-4 transition-colors hover:text-gold-200 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </FooterSection>
      </div>

      <div className="border-t border-ivory-50/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-ivory-300 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {year} {store.legalName}. All rights reserved.
          </p>
          <p>Prices in Indian rupees (₹) · GSTIN {store.gstin}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterSection({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="text-sm leading-relaxed">
      <h2
        id={id}
        className="mb-4 font-sans text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function FooterAnchor({
  href,
  icon,
  external = false,
  children,
}: {
  href: string;
  icon: React.ReactNode;
  external?: boolean;
  children: React.ReactNode;
}) {
  return (
    <a
      href={href}
      className="inline-flex items-center gap-3 rounded-sm break-all underline-offset-4 transition-colors hover:text-gold-200 hover:underline"
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      <span className="text-gold-300">{icon}</span>
      {children}
      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}
