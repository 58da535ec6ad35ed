/** The checkout's action: checks the form, places the order through the API in-process. Server-only. */
import { randomUUID } from "node:crypto";
import { ADDRESS_BOOK_MESSAGES } from "@vastra/contracts/addresses";
import type { ErrorReply } from "@vastra/contracts/common";
import { isIdempotencyKey } from "@vastra/contracts/idempotency";
import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_MESSAGES,
  type OrderConflict,
  type OrderReply,
} from "@vastra/contracts/orders";
import { data, type RouterContextProvider } from "react-router";
import { loadAddress, saveCheckoutAddress } from "~/lib/addresses.server";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { orderBody, placeServerErrors, readValues, type ShownLine, validateCheckout } from "./form";
import { NEW_ADDRESS } from "./saved-addresses";
import type { CheckoutResult } from "./types";

type Context = Readonly<RouterContextProvider>;

/** The lines the page showed (hidden field "lines": JSON), or null when unreadable. */
function readLines(form: FormData): ShownLine[] | null {
  const raw = form.get("lines");
  if (typeof raw !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    return parsed.flatMap((entry): ShownLine[] => {
      if (!entry || typeof entry !== "object") return [];
      const { productId, size, quantity, price, color } = entry as Record<string, unknown>;
      if (typeof productId !== "string" || typeof size !== "string") return [];
      if (typeof quantity !== "number" || typeof price !== "number") return [];
      return [
        {
          productId,
          size,
          quantity,
          price,
          ...(typeof color === "string" && color ? { color } : {}),
        },
      ];
    });
  } catch {
    return null;
  }
}

/** The total the page showed (hidden field "shownTotal"), or null when missing or unreadable. */
function shownTotal(form: FormData): number | null {
  const raw = form.get("shownTotal");
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * "review" (a form posted before JavaScript ran): the checks only, so the page can show the review,
 * with a fresh Idempotency-Key for its Confirm.
 * "place": POST /api/orders with the attempt's Idempotency-Key. Refusals answer 200 with what went
 * wrong (the page shows it; a browser logs every non-2xx fetch as a console error), always with
 * what was typed.
 */
/** The coupon code the checkout applied (record 0047), if any, with the order. */
function withCoupon<T extends object>(body: T, form: FormData): T & { couponCode?: string } {
  const code = form.get("couponCode");
  return typeof code === "string" && code.trim() !== ""
    ? { ...body, couponCode: code.trim() }
    : body;
}

async function reviewOrPlace(context: Context, form: FormData) {
  const intent = form.get("intent") === "place" ? "place" : "review";
  const values = readValues(form);
  const errors = validateCheckout(values);
  if (Object.keys(errors).length > 0) {
    return data<CheckoutResult>({
      intent,
      ok: false,
      message: "",
      errors,
      values,
    });
  }
  if (intent === "review") {
    // The review's Confirm carries this key: a second submit of the same review (a double click,
    // a reload that posts again) answers with the same order instead of placing another.
    return data<CheckoutResult>({
      intent,
      ok: true,
      message: "",
      errors: {},
      values,
      idempotencyKey: randomUUID(),
    });
  }

  const lines = readLines(form);
  if (!lines || lines.length === 0) {
    return data<CheckoutResult>({
      intent,
      ok: false,
      message: ORDER_MESSAGES.emptyCart,
      errors: {},
      values,
    });
  }
  const key = form.get("idempotencyKey");
  const headers: Record<string, string> = {};
  if (isIdempotencyKey(key)) {
    headers[IDEMPOTENCY_KEY_HEADER] = key;
  }
  try {
    const { response, data: reply } = await apiCall<
      OrderReply & OrderConflict & Partial<ErrorReply>
    >(serverApi(context), "/api/orders", {
      method: "POST",
      body: withCoupon(orderBody(values, lines, shownTotal(form) ?? undefined), form),
      headers,
      fallback: ORDER_MESSAGES.placeFailed,
    });
    if (response.ok && reply?.order) {
      return data<CheckoutResult>({
        intent,
        ok: true,
        message: ORDER_MESSAGES.placedToast,
        errors: {},
        values,
        order: reply.order,
      });
    }
    const { fields, unplaced } = placeServerErrors(reply?.errors);
    const serverMessage =
      response.status >= 400 && response.status < 500 && response.status !== 401
        ? (reply?.message ?? "")
        : "";
    const allPlaced = Object.keys(fields).length > 0 && !unplaced;
    return data<CheckoutResult>({
      intent,
      ok: false,
      // Field problems are shown at their fields; anything else above the form.
      message: allPlaced ? "" : serverMessage || ORDER_MESSAGES.placeFailed,
      errors: fields,
      values,
      cartChanged: response.status === 409 && Array.isArray(reply?.cart),
    });
  } catch {
    return data<CheckoutResult>({
      intent,
      ok: false,
      message: ORDER_MESSAGES.placeFailed,
      errors: {},
      values,
    });
  }
}

/**
 * The checkout's action with the address book (record 0040). A saved address chosen (radio
 * "addressId") is read from the book, so a page posted before JavaScript ran gets it too; the
 * order then carries the whole address, which the API checks like a typed one. After an order to
 * a new address with "Save to my address book" ticked, the address is saved (an address already
 * there is not added twice; a full book is said on the confirmation, the order stands).
 */
export async function checkoutAction(context: Context, form: FormData) {
  const chosen = form.get("addressId");
  const addressId = typeof chosen === "string" && chosen !== "" ? chosen : NEW_ADDRESS;
  const saveAddress = addressId === NEW_ADDRESS && form.get("saveAddress") === "on";
  if (addressId !== NEW_ADDRESS) {
    const saved = await loadAddress(context, addressId).catch(() => undefined);
    if (!saved) {
      return data<CheckoutResult>({
        intent: form.get("intent") === "place" ? "place" : "review",
        ok: false,
        message: ADDRESS_BOOK_MESSAGES.chosenGone,
        errors: {},
        values: readValues(form),
        addressId: NEW_ADDRESS,
        saveAddress: false,
      });
    }
    const fields = {
      streetAddress: saved.streetAddress,
      apartment: saved.apartment,
      city: saved.city,
      state: saved.state,
      pincode: saved.pincode,
      country: saved.country,
      addressType: saved.addressType,
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
  }
  const answer = await reviewOrPlace(context, form);
  const result = answer.data;
  result.addressId = addressId;
  result.saveAddress = saveAddress;
  if (result.ok && result.order && saveAddress) {
    const { values } = result;
    result.addressSaved = await saveCheckoutAddress(context, {
      name: values.name,
      phone: values.phone,
      streetAddress: values.streetAddress,
      apartment: values.apartment,
      city: values.city,
      state: values.state,
      pincode: values.pincode,
      country: "India",
      addressType: result.order.shippingAddress?.addressType ?? "home",
    });
  }
  return answer;
}
