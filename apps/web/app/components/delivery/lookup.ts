/** The delivery check from the browser: GET /api/delivery/:pin. */
import type { DeliveryCheck } from "@vastra/contracts/pincode";
import { PIN_MESSAGES } from "@vastra/contracts/pincode-messages";
import { apiCall, browserFetch } from "~/lib/api";

export type DeliveryLookup = { ok: true; check: DeliveryCheck } | { ok: false; message: string };

/** The answer for a PIN, or the message to show (the server's, or that the check failed). */
export async function lookUpDelivery(pin: string): Promise<DeliveryLookup> {
  try {
    const { response, data } = await apiCall<DeliveryCheck & { message?: string }>(
      browserFetch,
      `/api/delivery/${encodeURIComponent(pin)}`,
      { fallback: PIN_MESSAGES.checkFailed },
    );
    if (response.ok && data) return { ok: true, check: data };
    const clientError = response.status >= 400 && response.status < 500;
    return {
      ok: false,
      message: (clientError && data?.message) || PIN_MESSAGES.checkFailed,
    };
  } catch {
    return { ok: false, message: PIN_MESSAGES.checkFailed };
  }
}

/** "Bandra West, Mumbai, Maharashtra": where the PIN is, for one line of text. */
export function placeOf(check: DeliveryCheck): string {
  return [check.areas[0], check.district, check.state?.name]
    .filter((part, i, all): part is string => Boolean(part) && all.indexOf(part) === i)
    .join(", ");
}
