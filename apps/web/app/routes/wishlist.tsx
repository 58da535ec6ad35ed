/** /wishlist (issue #15, record 0045): the signed-in shopper's saved products; the action moves and removes. */
import { accountMeta } from "~/features/auth/meta";
import { loadWishlist, wishlistAction } from "~/features/wishlist/wishlist.server";
import { WishlistPage } from "~/features/wishlist/wishlist-page";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/wishlist";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireUser(request, context, url);
  return loadWishlist(context);
}

/** POST /api/wishlist/:id/move-to-cart and DELETE /api/wishlist/:id in-process. */
export async function action({ request, context, url }: Route.ActionArgs) {
  await requireUser(request, context, url);
  return wishlistAction(context, await request.formData());
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta("Wishlist", "The pieces you saved at Vastra.", matches, { noindex: true });
}

export default function WishlistRoute({ loaderData }: Route.ComponentProps) {
  return <WishlistPage items={loaderData.items} failed={loaderData.failed} />;
}
