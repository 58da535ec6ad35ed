/** The shipping bill of one order (/admin/orders/{id}/bill); admins only (the layout checks). */
import { data } from "react-router";
import { loadBill } from "~/features/admin/orders/bill.server";
import { BillPage } from "~/features/admin/orders/bill-page";
import type { Route } from "./+types/admin.order-bill";

export async function loader({ context, params }: Route.LoaderArgs) {
  const load = await loadBill(context, params.id);
  if (load.status === "ok") return load;
  return data(load, { status: load.status === "not-found" ? 404 : 502 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const number = loaderData?.status === "ok" ? loaderData.order.orderNumber : "Order";
  return [
    { title: `Shipping bill ${number} · Admin dashboard | Vastra` },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminOrderBill({ loaderData }: Route.ComponentProps) {
  return <BillPage load={loaderData} />;
}
