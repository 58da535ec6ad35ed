import { CART_MESSAGES } from "@vastra/contracts/cart-messages";
import * as React from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useToast } from "~/components/ui/toast";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import type { loader as rootLoader } from "~/root";

export type AddToCartLine = {
  productId: string;
  size: string;
  quantity: number;
  color?: string | undefined;
};

/** Whether a shopper is signed in (from the root loader). */
export function useSignedIn(): boolean {
  return Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
}

/**
 * Adds a line to the server cart (POST /api/cart/add) with the messages of storefront.md §8: the
 * signed-in shopper's cart, or a guest's (record 0044: the API keeps it under the signed guest-cart
 * cookie it sets, and signing in merges it). On success the page's data (the header's cart badge)
 * is loaded again.
 */
export function useAddToCart() {
  const signedIn = useSignedIn();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [pending, setPending] = React.useState(false);

  const add = React.useCallback(
    async (line: AddToCartLine): Promise<boolean> => {
      setPending(true);
      try {
        const body: AddToCartLine = {
          productId: line.productId,
          size: line.size,
          quantity: line.quantity,
        };
        if (line.color) body.color = line.color;
        await apiJson(browserFetch, "/api/cart/add", {
          method: "POST",
          body,
          fallback: CART_MESSAGES.addFailed,
        });
        toast.success(CART_MESSAGES.added);
        void revalidator.revalidate();
        return true;
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          !/^No such API endpoint/.test(error.message)
        ) {
          // The server's own words: 'Only 2 items available in stock', 'Product not found' …
          toast.error(error.message);
        } else toast.error(CART_MESSAGES.addFailed);
        return false;
      } finally {
        setPending(false);
      }
    },
    [toast, revalidator],
  );

  return { add, pending, signedIn };
}
