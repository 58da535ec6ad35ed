/** /orders (storefront.md §2 My orders): signed-in only; ?status= filters, the action cancels. */
import { accountMeta } from "~/features/auth/meta";
import { cancelAction, loadOrders, readStatusFilter } from "~/features/orders/orders.server";
import { OrdersPage } from "~/features/orders/orders-page";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/orders";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser(request, context, url);
  const status = readStatusFilter(url);
  const { orders, failed } = await loadOrders(context, status);
  // ?cancel={id}: the cancel button's answer when JavaScript did not run (the page asks itself).
  return { orders, failed, status, confirmCancel: url.searchParams.get("cancel") };
}

/** PATCH /api/orders/{id}/cancel in-process. */
export async function action({ request, context }: Route.ActionArgs) {
  return cancelAction(context, await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta("My Orders", "Your Vastra orders and their status.", matches, {
    noindex: true,
  });
}

export default function OrdersRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OrdersPage
      orders={loaderData.orders}
      status={loaderData.status}
      failed={loaderData.failed}
      result={actionData}
      confirmCancel={loaderData.confirmCancel}
    />
  );
}
