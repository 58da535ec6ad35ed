/**
 * The wishlist heart on product cards and the product page (issue #15, record 0045). Kept to a
 * few hundred bytes: it is on the home and list pages, whose scripts are at their budget. What it
 * does (the saved ids, pressing, asking a guest to sign in) is heart-actions.ts, loaded on first
 * use: right after hydration for a signed-in shopper, on the first press for a guest.
 */
import { Heart } from "lucide-react";
import * as React from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import { useToast } from "~/components/ui/toast";
import type { loader as rootLoader } from "~/root";

const actions = () => import("~/components/commerce/wishlist-heart-actions");

export type WishlistHeartProps = { productId: string; title: string; className?: string };

/** The heart: aria-pressed, named 'Save {title} to wishlist' / 'Remove {title} from wishlist'. */
export function WishlistHeart({ productId, title, className }: WishlistHeartProps) {
  // The account's e-mail tells one shopper from another (the shell carries no id).
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user?.email ?? "";
  const [on, setOn] = React.useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  React.useEffect(() => {
    let off = () => {};
    if (user) void actions().then((a) => (off = a.watch(productId, user, setOn, navigate, toast)));
    return () => {
      off();
      setOn(false); // Signed out, or another product: nothing shown saved until told.
    };
  }, [productId, user, navigate, toast]);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`${on ? "Remove" : "Save"} ${title} ${on ? "from" : "to"} wishlist`}
      className={cn(
        "z-10 grid size-11 place-items-center rounded-full bg-card/90 text-primary ring-1 ring-border",
        className,
      )}
      onClick={() => void actions().then((a) => a.press(productId, !on, user, toast))}
    >
      <Heart aria-hidden="true" className={on ? "size-5 fill-current" : "size-5"} />
    </button>
  );
}
