/**
 * /sitemap.xml and /robots.txt of the store at PUBLIC_URL (config.publicUrl). Every URL is
 * built on PUBLIC_URL, never on the request's Host header, which any caller can set. The sitemap
 * is made with one query and kept in memory: rebuilt at most once a minute, or at the next request
 * after the catalogue changed (invalidate).
 */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
import { type Clock, systemClock } from "../clock.ts";

/** How long a built sitemap is served before it is made again. */
export const SITEMAP_TTL_MS = 60_000;
/** Cache-Control of both answers: short, so a crawler sees a new product within minutes. */
export const SEO_CACHE_CONTROL = "public, max-age=300";

const PAGES = [
  { path: "/", changefreq: "daily", priority: "1.0" },
  { path: "/products", changefreq: "daily", priority: "0.9" },
  { path: "/shipping", changefreq: "yearly", priority: "0.3" },
  { path: "/cancellations", changefreq: "yearly", priority: "0.3" },
  { path: "/terms", changefreq: "yearly", priority: "0.2" },
  { path: "/general-policy", changefreq: "yearly", priority: "0.2" },
  { path: "/contact", changefreq: "monthly", priority: "0.4" },
] as const;

/** Pages crawlers are asked to leave alone: private ones and the development mailbox. */
const DISALLOWED = ["/admin", "/profile", "/cart", "/checkout", "/orders", "/dev/"];

const XML_ESCAPES: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => XML_ESCAPES[c] ?? c);

function entry(loc: string, extra: Record<string, string | undefined>): string {
  const fields = Object.entries(extra)
    .filter(([, v]) => v)
    .map(([k, v]) => `<${k}>${escapeXml(v as string)}</${k}>`)
    .join("");
  return `  <url><loc>${escapeXml(loc)}</loc>${fields}</url>`;
}

export function createSitemap(deps: { db: Db; publicUrl: string; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  const origin = deps.publicUrl.replace(/\/+$/, "");
  const url = (path: string) => new URL(path, `${origin}/`).href;
  let cached: { xml: string; builtAt: number } | undefined;
  /** The build in flight, so requests arriving together share one query. */
  let building: Promise<string> | undefined;
  /** Bumped by invalidate, so a build that began before a change is not kept. */
  let generation = 0;

  async function build(): Promise<string> {
    const rows = await deps.db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .orderBy(asc(products.createdAt), asc(products.id));
    const urls = [
      ...PAGES.map((p) => entry(url(p.path), { changefreq: p.changefreq, priority: p.priority })),
      ...rows.map((p) =>
        entry(url(`/products/${encodeURIComponent(p.id)}`), {
          lastmod: p.createdAt.toISOString().slice(0, 10),
          changefreq: "weekly",
          priority: "0.7",
        }),
      ),
    ];
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      "</urlset>",
      "",
    ].join("\n");
  }

  return {
    async sitemapXml(): Promise<string> {
      const now = clock().getTime();
      if (cached && now - cached.builtAt < SITEMAP_TTL_MS) return cached.xml;
      if (!building) {
        const started = generation;
        const current = build()
          .then((xml) => {
            if (started === generation) cached = { xml, builtAt: now };
            return xml;
          })
          .finally(() => {
            if (building === current) building = undefined;
          });
        building = current;
      }
      return building;
    },

    robotsTxt(): string {
      return [
        "User-agent: *",
        "Allow: /",
        ...DISALLOWED.map((path) => `Disallow: ${path}`),
        "",
        `Sitemap: ${url("/sitemap.xml")}`,
        "",
      ].join("\n");
    },

    /** The catalogue changed: the next request builds the sitemap afresh. */
    invalidate(): void {
      generation++;
      cached = undefined;
      building = undefined;
    },
  };
}
export type Sitemap = ReturnType<typeof createSitemap>;
