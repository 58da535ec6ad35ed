/** What the /wishlist page asks of the API (in-process, the shopper's cookie passed on). Server-only. */
import type { ErrorReply } from "@vastra/contracts/common";
import { WISHLIST_MESSAGES, type WishlistItem } from "@vastra/contracts/wishlist";
import { data, type RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import type { WishlistActionResult } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The saved products; `failed` when they could not be read ('Failed to load your wishlist'). */
export async function loadWishlist(
  context: Context,
): Promise<{ items: WishlistItem[]; failed: boolean }> {
  try {
    const { response, data: reply } = await apiCall<{ items: WishlistItem[] }>(
      serverApi(context),
      "/api/wishlist",
    );
    if (response.ok && reply && Array.isArray(reply.items)) {
      return { items: reply.items, failed: false };
    }
    console.error(`GET /api/wishlist answered ${response.status}`);
  } catch (error) {
    console.error("GET /api/wishlist failed", error);
  }
  return { items: [], failed: true };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * intent=move (size, color): POST /api/wishlist/:id/move-to-cart; intent=remove: DELETE. Answers
 * 200 even when refused: the page shows the server's words at the card.
 */
export async function wishlistAction(context: Context, form: FormData) {
  const intent = text(form, "intent");
  const productId = text(form, "productId");
  if ((intent !== "move" && intent !== "remove") || !productId) {
    return data<WishlistActionResult>({
      intent: "",
      ok: false,
      productId,
      message: WISHLIST_MESSAGES.saveFailed,
    });
  }
  const path = `/api/wishlist/${encodeURIComponent(productId)}`;
  const fallback = intent === "move" ? WISHLIST_MESSAGES.moveFailed : WISHLIST_MESSAGES.saveFailed;
  const color = text(form, "color");
  try {
    const { response, data: reply } = await apiCall<Partial<ErrorReply>>(
      serverApi(context),
      intent === "move" ? `${path}/move-to-cart` : path,
      intent === "move"
        ? {
            method: "POST",
            body: { size: text(form, "size"), ...(color ? { color } : {}) },
            fallback,
          }
        : { method: "DELETE", fallback },
    );
    if (response.ok) {
      return data<WishlistActionResult>({
        intent,
        ok: true,
        productId,
        message: intent === "move" ? WISHLIST_MESSAGES.moved : WISHLIST_MESSAGES.removed,
      });
    }
    const message =
      response.status >= 400 && response.status < 500 && response.status !== 401 && reply?.message
        ? reply.message
        : fallback;
    return data<WishlistActionResult>({ intent, ok: false, productId, message });
  } catch {
    return data<WishlistActionResult>({ intent, ok: false, productId, message: fallback });
  }
}
