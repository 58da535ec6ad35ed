/**
 * /cart (storefront.md §2 Cart): the signed-in shopper's cart, or a guest's (record 0044); the
 * lines change through this page's action.
 */
import { accountMeta } from "~/features/auth/meta";
import { cartAction, loadCart, loadShippingRules } from "~/features/cart/cart.server";
import { CartPage } from "~/features/cart/cart-page";
import { getCurrentUser } from "~/lib/session.server";
import type { Route } from "./+types/cart";

export async function loader({ context }: Route.LoaderArgs) {
  const [user, cart, rules] = await Promise.all([
    getCurrentUser(context),
    loadCart(context),
    loadShippingRules(context),
  ]);
  return { ...cart, rules, signedIn: Boolean(user) };
}

/** Increase, decrease and remove (PUT /api/cart/update, DELETE /api/cart/remove in-process). */
export async function action({ request, context }: Route.ActionArgs) {
  return cartAction(context, await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta("Shopping Cart", "The pieces in your Vastra shopping cart.", matches, {
    noindex: true,
  });
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CartPage
      cart={loaderData.cart}
      failed={loaderData.failed}
      result={actionData}
      rules={loaderData.rules}
      signedIn={loaderData.signedIn}
    />
  );
}
