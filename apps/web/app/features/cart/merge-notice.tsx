/**
 * After signing in with a guest cart (record 0044): when the merge held some lines to the stock
 * left, the sign-in sends the shopper on with `?cartCapped=<n>`; this says so once in a toast and
 * takes the figure out of the address. The text is ours (only a count comes from the address).
 */
import { CART_CAPPED_PARAM, mergeCappedMessage } from "@vastra/contracts/cart-merge";
import * as React from "react";
import { useSearchParams } from "react-router";
import { useToast } from "~/components/ui/toast";

export function CartMergeNotice() {
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();
  const capped = Number.parseInt(params.get(CART_CAPPED_PARAM) ?? "", 10);
  React.useEffect(() => {
    if (!Number.isInteger(capped) || capped < 1 || capped > 999) return;
    toast(mergeCappedMessage(capped), { duration: 8000 });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CART_CAPPED_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [capped, toast, setParams]);
  return null;
}
