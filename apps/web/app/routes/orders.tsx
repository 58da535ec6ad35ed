/** /orders (storefront.md §2 My orders): signed-in only; ?status= filters, the action cancels. */
import { accountMeta } from "~/features/auth/meta";
import { loadShippingRules } from "~/features/cart/cart.server";
import { confirmAction } from "~/features/orders/confirm.server";
import {
  cancelAction,
  loadOrders,
  readStatusFilter,
  upiPayments,
} from "~/features/orders/orders.server";
import { OrdersPage } from "~/features/orders/orders-page";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/orders";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser(request, context, url);
  const status = readStatusFilter(url);
  const [{ orders, failed }, rules] = await Promise.all([
    loadOrders(context, status),
    loadShippingRules(context),
  ]);
  // The UPI QR code of each order still to be paid by UPI (record 0036).
  const upi = await upiPayments(orders, rules);
  // ?cancel={id}: the cancel button's answer when JavaScript did not run (the page asks itself).
  return { orders, failed, status, upi, confirmCancel: url.searchParams.get("cancel") };
}

/** PATCH /api/orders/{id}/cancel in-process; intent=confirm: the shopper's confirmation (record 0038). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "confirm") return confirmAction(context, form);
  return cancelAction(context, form);
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
      upi={loaderData.upi}
    />
  );
}
