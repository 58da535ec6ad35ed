/** The dashboard's Tax tab (/admin/tax); the layout has already refused non-admins. */

import { loadTax } from "~/features/admin/tax/tax.server";
import { TaxPage } from "~/features/admin/tax/tax-page";
import type { Route } from "./+types/admin.tax";

export async function loader({ context }: Route.LoaderArgs) {
  return loadTax(context);
}

export function meta() {
  return [{ title: "Tax · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminTax({ loaderData }: Route.ComponentProps) {
  return <TaxPage data={loaderData} />;
}
