/** /checkout (storefront.md §2 Checkout): signed-in only; the order is placed by this page's action. */

import { accountMeta } from "~/features/auth/meta";
import { loadCart, loadShippingRules } from "~/features/cart/cart.server";
import { checkoutAction } from "~/features/checkout/checkout.server";
import { CheckoutPage } from "~/features/checkout/checkout-page";
import { loadAddresses } from "~/lib/addresses.server";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/checkout";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const [{ cart, failed }, rules, { addresses }] = await Promise.all([
    loadCart(context),
    loadShippingRules(context),
    // The address book (record 0040): unreadable, the checkout is simply typed.
    loadAddresses(context),
  ]);
  return {
    user: { name: user.name, email: user.email, phone: user.phone },
    cart,
    failed,
    rules,
    addresses,
  };
}

/** POST /api/orders in-process, with the attempt's Idempotency-Key. */
export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(context, await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta("Checkout", "Place your Vastra order.", matches, { noindex: true });
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CheckoutPage
      user={loaderData.user}
      cart={loaderData.cart}
      failed={loaderData.failed}
      result={actionData}
      rules={loaderData.rules}
      addresses={loaderData.addresses}
    />
  );
}
