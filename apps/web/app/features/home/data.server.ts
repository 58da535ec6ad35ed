/**
 * The home page's data, loaded on the server through the in-process API: the hero advertisements,
 * the featured (hero) products and the QR codes of the social links. A failed call never breaks
 * the page: the list is empty and the failure is logged (storefront.md §8 'Other behaviour').
 */
import { advertisementSchema, MAX_HERO_ADS } from "@vastra/contracts/ads";
import { productSchema } from "@vastra/contracts/catalogue";
import type { ApiFetch } from "@vastra/contracts/http";
import type { StoreSettings } from "@vastra/contracts/store";
import { z } from "@vastra/contracts/zod";
import QRCode from "qrcode";
import { apiJson } from "~/lib/api";
import type { FeaturedProduct, HeroAd, QrCodes } from "./types";

export const MAX_FEATURED_PRODUCTS = 4;

/** Only the fields the page uses are checked (a new API field never empties the hero). */
const adFields = advertisementSchema.pick({
  _id: true,
  title: true,
  description: true,
  imageUrl: true,
  buttonText: true,
  buttonLink: true,
  isActive: true,
  priority: true,
});

const productFields = productSchema
  .pick({ _id: true, title: true, description: true, price: true, imageUrl: true, sizes: true })
  .extend({
    heroImage: z.string().nullish(),
    heroTagline: z.string().nullish(),
  });

/** Keeps the entries of a list that match the schema; logs the others. */
function validItems<T>(what: string, body: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(body)) {
    console.error(`home: ${what} is not a list`);
    return [];
  }
  const items: T[] = [];
  for (const entry of body) {
    const parsed = schema.safeParse(entry);
    if (parsed.success) items.push(parsed.data);
    else console.error(`home: skipped an invalid ${what} entry`, z.prettifyError(parsed.error));
  }
  return items;
}

/**
 * GET /api/admin/advertisements/active: the active ads, lowest priority number first, at most 4.
 * Never rejects: a failure gives an empty list (the 'Coming Soon' card) and is logged.
 */
export async function loadHeroAds(api: ApiFetch): Promise<HeroAd[]> {
  try {
    const body = await apiJson<unknown>(api, "/api/admin/advertisements/active");
    return validItems("advertisement", body, adFields)
      .filter((ad) => ad.isActive)
      .sort((a, b) => a.priority - b.priority)
      .slice(0, MAX_HERO_ADS)
      .map(({ _id, title, description, imageUrl, buttonText, buttonLink }) => ({
        _id,
        title,
        description,
        imageUrl,
        buttonText,
        buttonLink,
      }));
  } catch (error) {
    console.error("home: GET /api/admin/advertisements/active failed", error);
    return [];
  }
}

/**
 * GET /api/products?isHero=true&limit=4: the featured products. Never rejects: a failure gives
 * an empty list and is logged.
 */
export async function loadFeaturedProducts(api: ApiFetch): Promise<FeaturedProduct[]> {
  try {
    const body = await apiJson<unknown>(
      api,
      `/api/products?isHero=true&limit=${MAX_FEATURED_PRODUCTS}`,
    );
    return validItems("product", body, productFields)
      .slice(0, MAX_FEATURED_PRODUCTS)
      .map((p) => ({
        _id: p._id,
        title: p.title,
        image: p.heroImage || p.imageUrl,
        tagline: p.heroTagline?.trim() || p.description,
        price: p.price,
        sizeLabel: p.sizes[0] ?? "In Stock",
      }));
  } catch (error) {
    console.error("home: GET /api/products?isHero=true failed", error);
    return [];
  }
}

/** Resolves with the value when it settles within `ms`, else with undefined (it keeps running). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The three links of the social-connect section. */
export function socialLinks(store: StoreSettings): string[] {
  return [store.social.instagram, store.social.facebook, store.social.whatsapp];
}

/** Real QR codes (qrcode package) of the social links, as SVG data: URLs. Never rejects. */
export async function buildQrCodes(links: readonly string[]): Promise<QrCodes> {
  const codes: QrCodes = {};
  await Promise.all(
    [...new Set(links)].map(async (link) => {
      try {
        const svg = await QRCode.toString(link, {
          type: "svg",
          errorCorrectionLevel: "M",
          margin: 2,
          color: { dark: "#2b1d19", light: "#ffffff" },
        });
        codes[link] = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      } catch (error) {
        console.error(`home: could not make a QR code for ${link}`, error);
      }
    }),
  );
  return codes;
}

/**
 * The site's public origin for canonical and Open Graph URLs: PUBLIC_URL when set (the address
 * shoppers use behind a proxy), else the origin of this request.
 */
export function publicOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, "");
  if (configured && /^https?:\/\//i.test(configured)) return configured;
  return new URL(request.url).origin;
}
