/** The dashboard's Delivery tab (/admin/delivery); the layout has already refused non-admins. */
import { loadDelivery } from "~/features/admin/delivery/delivery.server";
import { DeliveryPage } from "~/features/admin/delivery/delivery-page";
import type { Route } from "./+types/admin.delivery";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadDelivery(context, request);
}

export function meta() {
  return [{ title: "Delivery · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminDelivery({ loaderData }: Route.ComponentProps) {
  return <DeliveryPage data={loaderData} />;
}
