import { CART_MESSAGES } from "@vastra/contracts/cart-messages";
import * as React from "react";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { useToast } from "~/components/ui/toast";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import type { loader as rootLoader } from "~/root";
import { SignInToAdd } from "./sign-in-to-add";

/** Long enough to reach the toast's 'Sign in' link (the timer also pauses while it is hovered). */
const SIGN_IN_TOAST_MS = 8000;

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
 * Adds a line to the signed-in shopper's server cart (POST /api/cart/add) with the messages of
 * storefront.md §8; a guest gets 'Please login to add items to cart' with a 'Sign in' link that
 * comes back to this page (record 0035). On success the page's data (the header's cart badge) is
 * loaded again.
 */
export function useAddToCart() {
  const signedIn = useSignedIn();
  const toast = useToast();
  const revalidator = useRevalidator();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [pending, setPending] = React.useState(false);

  const add = React.useCallback(
    async (line: AddToCartLine): Promise<boolean> => {
      const askToSignIn = () =>
        toast.error(CART_MESSAGES.loginToAdd, {
          description: React.createElement(SignInToAdd, { returnTo: here }),
          duration: SIGN_IN_TOAST_MS,
        });
      if (!signedIn) {
        askToSignIn();
        return false;
      }
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
        if (error instanceof ApiError && error.status === 401) askToSignIn();
        else if (
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
    [signedIn, toast, revalidator, here],
  );

  return { add, pending, signedIn };
}
