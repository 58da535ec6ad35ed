/** The dashboard's Coupons tab (/admin/coupons, record 0047); the layout has already refused non-admins. */

import { loadCoupons } from "~/features/admin/coupons/coupons.server";
import { CouponsPage } from "~/features/admin/coupons/coupons-page";
import type { Route } from "./+types/admin.coupons";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCoupons(context);
}

export function meta() {
  return [{ title: "Coupons · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  return <CouponsPage data={loaderData} />;
}
