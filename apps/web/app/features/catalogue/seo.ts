/** Titles, descriptions, canonical URLs, Open Graph and JSON-LD of the catalogue pages. */
import type { Product } from "@vastra/contracts/catalogue";
import { imageVariant } from "@vastra/contracts/images";
import type { MetaDescriptor } from "react-router";
import { truncate } from "~/lib/format";
import { productPath } from "~/lib/product";

export const DEFAULT_STORE_NAME = "Vastra";

/** An absolute URL on this site. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** The Open Graph image of a product: its largest stored size, as an absolute URL. */
export function ogImageUrl(origin: string, imageUrl: string | null | undefined) {
  if (!imageUrl) return undefined;
  return absoluteUrl(origin, imageVariant(imageUrl, 1280));
}

/** The store name of the root loader's settings, for titles and the JSON-LD brand. */
export function storeNameFrom(matches: ReadonlyArray<unknown>): string {
  for (const match of matches) {
    const m = match as { id?: string; loaderData?: { store?: { name?: string } } } | undefined;
    if (m?.id === "root" && m.loaderData?.store?.name) return m.loaderData.store.name;
  }
  return DEFAULT_STORE_NAME;
}

type PageMeta = {
  title: string;
  description: string;
  canonical: string;
  image?: string | undefined;
  type?: "website" | "product";
  noindex?: boolean;
  storeName: string;
};

/** Title, description, canonical link, Open Graph and Twitter card tags. */
export function pageMeta(page: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonical },
    { property: "og:site_name", content: page.storeName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: page.canonical },
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) {
    tags.push({ property: "og:image", content: page.image });
    tags.push({ name: "twitter:image", content: page.image });
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/** The meta description of a product (at most about 160 characters). */
export function productDescription(product: Product): string {
  const text = product.description?.trim();
  return text
    ? truncate(text, 158)
    : `${product.title}${product.category ? `, ${product.category}` : ""}. Shop it online at Vastra.`;
}

/**
 * The schema.org Product of a product page (Google's merchant listing fields): name, images,
 * description, sku, brand, an INR offer with its availability, and the rating when it has reviews.
 */
export function productJsonLd(product: Product, origin: string, storeName: string) {
  const url = absoluteUrl(origin, productPath(product._id));
  const images = [
    product.imageUrl,
    ...product.additionalImages,
    ...product.colorImages.map((c) => c.imageUrl),
  ]
    .filter(Boolean)
    .filter((u, i, all) => all.indexOf(u) === i)
    .map((u) => ogImageUrl(origin, u) as string);
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image: images,
    description: product.description || product.title,
    // The product's SKU (record 0041); an answer from before SKUs, its id.
    sku: product.sku || product._id,
    url,
    brand: { "@type": "Brand", name: storeName },
    ...(product.category ? { category: product.category } : {}),
    ...(product.colors.length > 0 ? { color: product.colors.join(", ") } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: product.price.toFixed(2),
      priceCurrency: "INR",
      availability: product.inStock
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  if (product.reviewCount > 0) {
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(product.averageRating * 10) / 10,
      reviewCount: product.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

/** JSON for an inline <script type="application/ld+json">: nothing in it can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
