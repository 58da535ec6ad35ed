/**
 * The dashboard's Products tab (/admin/products): the grid with search, gender and stock filters,
 * quick per-size stock buttons, and the add/edit modal. The layout (admin.tsx) has already refused
 * guests and shoppers.
 */

import { loadProducts } from "~/features/admin/products/products.server";
import { ProductsPage } from "~/features/admin/products/products-page";
import type { Route } from "./+types/admin.products";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProducts(context, new URL(request.url));
}

export function meta() {
  return [{ title: "Products · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPage data={loaderData} />;
}
