/**
 * The dashboard's Orders tab (/admin/orders?search=&status=&paymentStatus=&page=). The layout
 * (admin.tsx) has already refused guests and shoppers.
 */
import { loadOrders } from "~/features/admin/orders/orders.server";
import { OrdersPage } from "~/features/admin/orders/orders-page";
import type { Route } from "./+types/admin.orders";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOrders(context, new URL(request.url));
}

export function meta() {
  return [{ title: "Orders · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersPage data={loaderData} />;
}
