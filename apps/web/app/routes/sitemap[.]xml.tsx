/**
 * /sitemap.xml: the home page, the collections, the policy and contact pages, and every product,
 * as absolute URLs on the origin the request came to.
 */
import { loadAllProducts } from "~/features/catalogue/catalogue.server";
import { productPath } from "~/features/catalogue/product";
import type { Route } from "./+types/sitemap[.]xml";

const PAGES = [
  { path: "/", changefreq: "daily", priority: "1.0" },
  { path: "/products", changefreq: "daily", priority: "0.9" },
  { path: "/shipping", changefreq: "yearly", priority: "0.3" },
  { path: "/cancellations", changefreq: "yearly", priority: "0.3" },
  { path: "/terms", changefreq: "yearly", priority: "0.2" },
  { path: "/general-policy", changefreq: "yearly", priority: "0.2" },
  { path: "/contact", changefreq: "monthly", priority: "0.4" },
] as const;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

function entry(loc: string, extra: Record<string, string | undefined>): string {
  const fields = Object.entries(extra)
    .filter(([, v]) => v)
    .map(([k, v]) => `<${k}>${escapeXml(v as string)}</${k}>`)
    .join("");
  return `  <url><loc>${escapeXml(loc)}</loc>${fields}</url>`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  let products: Awaited<ReturnType<typeof loadAllProducts>> = [];
  try {
    products = await loadAllProducts(context);
  } catch (error) {
    // The fixed pages are still worth listing; the next crawl picks the products up.
    console.error("sitemap: could not list the products", error);
  }
  const urls = [
    ...PAGES.map((p) =>
      entry(new URL(p.path, origin).href, { changefreq: p.changefreq, priority: p.priority }),
    ),
    ...products.map((p) =>
      entry(new URL(productPath(p._id), origin).href, {
        lastmod: /^\d{4}-\d{2}-\d{2}/.exec(p.createdAt)?.[0],
        changefreq: "weekly",
        priority: "0.7",
      }),
    ),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
}
