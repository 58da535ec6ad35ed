/**
 * The product list, at /products and at /shop (the same module, registered twice in routes.ts).
 * Server-rendered from the query string; filter changes replace the history entry.
 */
import { loadProductList } from "~/features/catalogue/catalogue.server";
import { readFilters } from "~/features/catalogue/filters";
import { listHeading, ProductListPage } from "~/features/catalogue/product-list-page";
import { absoluteUrl, ogImageUrl, pageMeta, storeNameFrom } from "~/features/catalogue/seo";
import { plural } from "~/lib/format";
import type { Route } from "./+types/products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams);
  const { products, total, options } = await loadProductList(context, filters);
  return { products, total, options, origin: url.origin };
}

/** The canonical list URL: /products with only the category and page (searches are not indexed). */
function canonicalSearch(params: URLSearchParams): string {
  const out = new URLSearchParams();
  const category = params.get("category");
  if (category) out.set("category", category);
  const page = Number(params.get("page"));
  if (Number.isInteger(page) && page > 1) out.set("page", String(page));
  const qs = out.toString();
  return qs ? `?${qs}` : "";
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const storeName = storeNameFrom(matches);
  if (!loaderData) return [{ title: `Collections | ${storeName}` }];
  const params = new URLSearchParams(location.search);
  const filters = readFilters(params);
  const heading = listHeading(filters, loaderData.options);
  const title = `${heading === "All collections" ? "Shop all collections" : heading} | ${storeName}`;
  const total = loaderData.total;
  const pieces = total > 0 ? plural(total, "handpicked piece") : "handpicked pieces";
  const description = filters.search
    ? `${plural(total, "product")} matching “${filters.search}” at ${storeName}: handpicked Indian fashion delivered across India.`
    : heading === "All collections"
      ? `Shop ${pieces} at ${storeName}: sarees, kurtas, lehengas and festive wear, with prices in rupees and delivery across India.`
      : `Shop ${heading} at ${storeName}: ${pieces}, with prices in rupees and delivery across India.`;
  return pageMeta({
    title,
    description,
    canonical: absoluteUrl(loaderData.origin, `/products${canonicalSearch(params)}`),
    image: ogImageUrl(loaderData.origin, loaderData.products[0]?.imageUrl),
    noindex: Boolean(filters.search),
    storeName,
  });
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <ProductListPage
      products={loaderData.products}
      total={loaderData.total}
      options={loaderData.options}
    />
  );
}
