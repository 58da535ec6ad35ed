/**
 * The order confirmation link's page (record 0038): reads the order behind the token and posts the
 * shopper's answer, in-process with the API. No session needed: the signed token is the
 * permission. Server-only.
 */
import type { OrderConfirmationReply, OrderConfirmationView } from "@vastra/contracts/cod";
import type { ErrorReply } from "@vastra/contracts/common";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

type Context = Readonly<RouterContextProvider>;

export type ConfirmationIntent = "confirm" | "cancel" | "address";

export type ConfirmationLoad =
  | { ok: true; token: string; order: OrderConfirmationView }
  | { ok: false; token: string; message: string };

export type ConfirmationResult = {
  ok: boolean;
  intent: ConfirmationIntent;
  message: string;
  /** Field errors of the address form, by field name (streetAddress, pincode, …). */
  errors: Record<string, string>;
};

const LOAD_FAILED = "We could not open this order just now. Please try the link again.";
const FAILED = "Something went wrong. Please try again.";

export async function loadConfirmation(context: Context, url: URL): Promise<ConfirmationLoad> {
  const token = url.searchParams.get("token")?.trim() ?? "";
  if (!token) {
    return {
      ok: false,
      token,
      message: "This link is not complete. Please open the link in your order e-mail again.",
    };
  }
  try {
    const { response, data } = await apiCall<OrderConfirmationView & Partial<ErrorReply>>(
      serverApi(context),
      `/api/orders/confirmation?token=${encodeURIComponent(token)}`,
    );
    if (response.ok && data) return { ok: true, token, order: data };
    return {
      ok: false,
      token,
      message: response.status < 500 && data?.message ? data.message : LOAD_FAILED,
    };
  } catch {
    return { ok: false, token, message: LOAD_FAILED };
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function confirmationAction(
  context: Context,
  form: FormData,
): Promise<ConfirmationResult> {
  const raw = text(form, "intent");
  const intent: ConfirmationIntent = raw === "cancel" || raw === "address" ? raw : "confirm";
  const token = text(form, "token");
  const body =
    intent === "address"
      ? {
          token,
          shippingAddress: {
            streetAddress: text(form, "streetAddress"),
            apartment: text(form, "apartment"),
            city: text(form, "city"),
            state: text(form, "state"),
            pincode: text(form, "pincode"),
            addressType: text(form, "addressType") || "home",
          },
        }
      : { token };
  try {
    const { response, data } = await apiCall<OrderConfirmationReply & Partial<ErrorReply>>(
      serverApi(context),
      `/api/orders/confirmation/${intent}`,
      { method: "POST", body, fallback: FAILED },
    );
    const errors: Record<string, string> = {};
    for (const [key, message] of Object.entries(data?.errors ?? {})) {
      errors[key.replace(/^shippingAddress\./, "")] = message;
    }
    return {
      ok: response.ok,
      intent,
      message: response.status < 500 && data?.message ? data.message : FAILED,
      errors,
    };
  } catch {
    return { ok: false, intent, message: FAILED, errors: {} };
  }
}
