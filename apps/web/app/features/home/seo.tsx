import { LOGO_URL } from "@vastra/contracts/images";
import type { StoreSettings } from "@vastra/contracts/store";
import type { MetaDescriptor } from "react-router";
import { useNonce } from "~/lib/nonce";

/** An absolute URL on this site (og:image must be absolute). */
function absolute(pathOrUrl: string, origin: string): string {
  try {
    return new URL(pathOrUrl, `${origin}/`).toString();
  } catch {
    return pathOrUrl;
  }
}

/** Title, description, canonical URL and Open Graph / Twitter tags of the home page. */
export function homeMeta({
  storeName,
  origin,
  image,
}: {
  storeName: string;
  origin: string | undefined;
  image: string | undefined;
}): MetaDescriptor[] {
  const title = `${storeName} · Handpicked Indian fashion: sarees, kurtas & lehengas`;
  const description = `Shop ${storeName} for handpicked Indian fashion: sarees, kurtas, lehengas and festive wear, delivered across India with easy returns.`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: storeName },
    { property: "og:locale", content: "en_IN" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (origin) {
    const url = `${origin}/`;
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
    // The first featured product's picture; no picture rather than the (SVG) logo, which link
    // previews do not show.
    if (image) {
      const ogImage = absolute(image, origin);
      tags.push(
        { property: "og:image", content: ogImage },
        { property: "og:image:alt", content: `${storeName}: our collections` },
        { name: "twitter:image", content: ogImage },
      );
    }
  }
  return tags;
}

/** schema.org Organization data for search engines. */
export function organizationData(store: StoreSettings, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: store.name,
    legalName: store.legalName,
    url: `${origin}/`,
    logo: absolute(LOGO_URL, origin),
    email: store.email,
    telephone: store.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: [store.address.line1, store.address.line2].filter(Boolean).join(", "),
      addressLocality: store.address.city,
      addressRegion: store.address.state,
      postalCode: store.address.pincode,
      addressCountry: "IN",
    },
    sameAs: [store.social.instagram, store.social.facebook],
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      telephone: store.phone,
      email: store.email,
      areaServed: "IN",
    },
  };
}

/** JSON that cannot close the <script> element it sits in. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The Organization JSON-LD block, carrying this response's CSP nonce. */
export function OrganizationJsonLd({ store, origin }: { store: StoreSettings; origin: string }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by scriptSafeJson
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(organizationData(store, origin)) }}
    />
  );
}
