/**
 * The shopper's last PIN code, kept in this browser (localStorage): the product page, the cart
 * and the checkout all start from it. Storage may be unavailable (private mode, blocked): then
 * nothing is remembered and nothing breaks.
 */
import { PIN_PATTERN } from "@vastra/contracts/pincode-messages";
import { PIN_STORAGE_KEY } from "~/components/delivery/pin-key";

export function readStoredPin(): string {
  try {
    const pin = window.localStorage.getItem(PIN_STORAGE_KEY) ?? "";
    return PIN_PATTERN.test(pin) ? pin : "";
  } catch {
    return "";
  }
}

export function storePin(pin: string): void {
  if (!PIN_PATTERN.test(pin)) return;
  try {
    window.localStorage.setItem(PIN_STORAGE_KEY, pin);
  } catch {
    // Not remembered; the check itself still worked.
  }
}
