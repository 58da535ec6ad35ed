/**
 * What the store charges for shipping, in words, for the pages that state it (product page, its
 * shipping tab, /shipping, /terms: record 0043). Zod-free, so the storefront's pages do not load
 * the schemas for it; the rule that computes an order's charges is `orderCharges` (shipping.ts).
 */
import { formatWholeRupees } from "./money.ts";
import { SHIPPING } from "./policy.ts";
import type { ShippingRules } from "./shipping.ts";

/** The charges of a new store (free from ₹999, else ₹99; ₹49 for cash on delivery), no UPI payee. */
export const DEFAULT_SHIPPING_RULES: ShippingRules = {
  freeShippingFromRupees: 999,
  shippingFeeRupees: 99,
  codFeeRupees: 49,
  codMaxOrderRupees: 10_000,
  upi: null,
};

/**
 * What a shopper pays for shipping, in words (issue #16: "Free shipping on orders up to ₹999" read
 * backwards): "Free shipping on orders of ₹999 and above; ₹99 below that." Every page that states
 * the charges says it from the store's settings through this one sentence.
 */
export function shippingChargeSentence(
  rules: Pick<ShippingRules, "freeShippingFromRupees" | "shippingFeeRupees">,
): string {
  if (rules.shippingFeeRupees === 0 || rules.freeShippingFromRupees === 0) {
    return "Free shipping on every order.";
  }
  return `Free shipping on orders of ${formatWholeRupees(rules.freeShippingFromRupees)} and above; ${formatWholeRupees(rules.shippingFeeRupees)} below that.`;
}

/** "Cash on delivery adds ₹49 where your PIN code allows it." (or that it is free of a fee). */
export function codFeeSentence(rules: Pick<ShippingRules, "codFeeRupees">): string {
  return rules.codFeeRupees > 0
    ? `Cash on delivery adds ${formatWholeRupees(rules.codFeeRupees)} where your PIN code allows it.`
    : "Cash on delivery has no extra fee where your PIN code allows it.";
}

/**
 * The delivery options as the shipping page and the product page's tab list them: standard at the
 * store's charges (what checkout adds), express and same day at their fees in place of standard,
 * arranged on request when the store confirms the order (checkout charges standard only).
 */
export function shippingOptionRows(
  rules: Pick<ShippingRules, "freeShippingFromRupees" | "shippingFeeRupees">,
): { name: string; fee: string; time: string }[] {
  return SHIPPING.options.map((option) => ({
    name: option.name,
    fee:
      "feeRupees" in option
        ? `${formatWholeRupees(option.feeRupees)}, on request`
        : rules.shippingFeeRupees === 0 || rules.freeShippingFromRupees === 0
          ? "Free"
          : `${formatWholeRupees(rules.shippingFeeRupees)}, free from ${formatWholeRupees(rules.freeShippingFromRupees)}`,
    time: option.time,
  }));
}
