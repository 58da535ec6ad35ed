/** What the cart page asks of the API (in-process, the shopper's cookie passed on). Server-only. */
import { CART_MESSAGES, type Cart } from "@vastra/contracts/cart";
import type { ErrorReply } from "@vastra/contracts/common";
import { DEFAULT_DELIVERY_SETTINGS } from "@vastra/contracts/delivery";
import type { ShippingRules } from "@vastra/contracts/shipping";
import { data, type RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { type CartActionResult, type CartIntent, lineKey } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The shopper's cart; `failed` when it could not be read ('Failed to load cart'). */
export async function loadCart(context: Context): Promise<{ cart: Cart; failed: boolean }> {
  try {
    const { response, data: cart } = await apiCall<Cart>(serverApi(context), "/api/cart");
    if (response.ok && Array.isArray(cart)) return { cart, failed: false };
    console.error(`GET /api/cart answered ${response.status}`);
  } catch (error) {
    console.error("GET /api/cart failed", error);
  }
  return { cart: [], failed: true };
}

const INTENTS: readonly CartIntent[] = ["increase", "decrease", "remove"];

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Increase (+1), decrease (-1; at 1 the line goes, decisions.md §4) and remove. The quantity is
 * the one the page showed, so a double click sets the same figure twice instead of adding two.
 * Answers 200 even when refused: the page shows the message, and a browser logs every non-2xx
 * fetch as a console error.
 */
export async function cartAction(context: Context, form: FormData) {
  const intent = text(form, "intent") as CartIntent;
  const line = {
    productId: text(form, "productId"),
    size: text(form, "size"),
    ...(text(form, "color") ? { color: text(form, "color") } : {}),
  };
  const key = lineKey(line);
  if (!INTENTS.includes(intent) || !line.productId || !line.size) {
    return data<CartActionResult>({
      intent: "",
      ok: false,
      key,
      message: CART_MESSAGES.updateFailed,
    });
  }
  const shown = Number.parseInt(text(form, "quantity"), 10);
  const quantity = Number.isFinite(shown) && shown > 0 ? shown : 1;
  const fallback = intent === "remove" ? CART_MESSAGES.removeFailed : CART_MESSAGES.updateFailed;
  const request =
    intent === "remove"
      ? { method: "DELETE" as const, path: "/api/cart/remove", body: line }
      : {
          method: "PUT" as const,
          path: "/api/cart/update",
          body: { ...line, quantity: intent === "increase" ? quantity + 1 : quantity - 1 },
        };
  try {
    const { response, data: reply } = await apiCall<Cart & Partial<ErrorReply>>(
      serverApi(context),
      request.path,
      { method: request.method, body: request.body, fallback },
    );
    if (response.ok) {
      const removed = intent === "remove" || (intent === "decrease" && quantity <= 1);
      return data<CartActionResult>({
        intent,
        ok: true,
        key,
        message: removed ? CART_MESSAGES.removed : "",
      });
    }
    // The server's own words for a refusal it explains ('Only 2 items available in stock').
    const message =
      response.status >= 400 && response.status < 500 && response.status !== 401 && reply?.message
        ? reply.message
        : fallback;
    return data<CartActionResult>({ intent, ok: false, key, message });
  } catch {
    return data<CartActionResult>({ intent, ok: false, key, message: fallback });
  }
}

/**
 * The store's shipping charges and UPI payee (GET /api/delivery/charges, record 0036). When they
 * cannot be read, a new store's figures: the server decides the total anyway and answers a
 * different one with 409 and the new total.
 */
export async function loadShippingRules(context: Context): Promise<ShippingRules> {
  try {
    const { response, data: rules } = await apiCall<ShippingRules>(
      serverApi(context),
      "/api/delivery/charges",
    );
    if (response.ok && rules) return rules;
    console.error(`GET /api/delivery/charges answered ${response.status}`);
  } catch (error) {
    console.error("GET /api/delivery/charges failed", error);
  }
  return {
    freeShippingFromRupees: DEFAULT_DELIVERY_SETTINGS.freeShippingFromRupees,
    shippingFeeRupees: DEFAULT_DELIVERY_SETTINGS.shippingFeeRupees,
    codFeeRupees: DEFAULT_DELIVERY_SETTINGS.codFeeRupees,
    codMaxOrderRupees: DEFAULT_DELIVERY_SETTINGS.codMaxOrderRupees,
    upi: null,
  };
}
