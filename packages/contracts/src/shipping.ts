/**
 * Shipping charges, the cash-on-delivery fee and pay-on-contact by UPI (issue #14, record 0036).
 * One pure rule shared by the server (which alone decides an order's total) and the web app
 * (which shows the same figures before the order is placed).
 */
import { toPaise, toRupees } from "./money.ts";
import { z } from "./zod.ts";

/** What a shopper chooses at checkout. `upi`: the store contacts them and they pay by UPI. */
export const CHECKOUT_PAYMENT_METHODS = ["upi", "cash_on_delivery"] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

export const CHECKOUT_PAYMENT_LABELS: Record<CheckoutPaymentMethod, string> = {
  upi: "Pay by UPI when the store contacts you",
  cash_on_delivery: "Cash on delivery",
};

export const SHIPPING_MESSAGES = {
  paymentMethod: "Please choose cash on delivery or UPI",
  codNotAvailable: (pin: string) =>
    `Cash on delivery is not available for PIN code ${pin}. Please choose to pay by UPI.`,
  upiVpa: "Please enter the UPI ID as name@bank (letters, digits, dots, hyphens or underscores)",
  payeeName: "Please keep the payee name under 50 characters",
  fee: "Please enter a whole number of rupees from 0 to 10,000",
  threshold: "Please enter a whole number of rupees from 0 to 10,00,000",
  codFeeWaived: "The cash-on-delivery fee has been waived",
  codFeeNotCharged: "This order has no cash-on-delivery fee to waive",
} as const;

/** A UPI ID (VPA): a handle, '@', the bank's or app's name (NPCI: handles of 2-256 characters). */
export const UPI_VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

/** The public part of the delivery settings: what the cart and checkout show before ordering. */
export const shippingRulesSchema = z
  .object({
    /** Orders whose items come to this much or more ship free (rupees). */
    freeShippingFromRupees: z.number().int(),
    /** Shipping below that (rupees). */
    shippingFeeRupees: z.number().int(),
    /** Added when the shopper chooses cash on delivery (rupees). */
    codFeeRupees: z.number().int(),
    /** Cash on delivery only for orders whose total is at most this (rupees; record 0038). */
    codMaxOrderRupees: z.number().int(),
    /** Whether the store takes UPI payments (a payee VPA is set). */
    upi: z.object({ vpa: z.string(), payeeName: z.string() }).nullable(),
  })
  .meta({ id: "ShippingRules" });
export type ShippingRules = z.infer<typeof shippingRulesSchema>;

export type OrderCharges = {
  subtotalPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  totalPaise: number;
};

/**
 * The order's charges: shipping is free from the threshold up (₹999 exactly ships free), else the
 * fee; cash on delivery adds its fee. All in paise.
 */
export function orderCharges(
  subtotalPaise: number,
  rules: Pick<ShippingRules, "freeShippingFromRupees" | "shippingFeeRupees" | "codFeeRupees">,
  method: CheckoutPaymentMethod,
): OrderCharges {
  const shippingPaise =
    subtotalPaise >= rules.freeShippingFromRupees * 100 ? 0 : rules.shippingFeeRupees * 100;
  const codFeePaise = method === "cash_on_delivery" ? rules.codFeeRupees * 100 : 0;
  return {
    subtotalPaise,
    shippingPaise,
    codFeePaise,
    totalPaise: subtotalPaise + shippingPaise + codFeePaise,
  };
}

/** Rupees more the items must come to for free shipping (0 when they already do). */
export function rupeesToFreeShipping(subtotalRupees: number, rules: ShippingRules): number {
  const short = rules.freeShippingFromRupees * 100 - toPaise(subtotalRupees);
  return short > 0 ? short / 100 : 0;
}

/** encodeURIComponent, keeping the '@' of a VPA as UPI apps expect to read it. */
const part = (value: string) => encodeURIComponent(value).replaceAll("%40", "@");

/**
 * The UPI deep link (NPCI's `upi://pay` URL): payee address and name, the exact amount with two
 * decimals, INR, and the order number as the note, so the store matches the payment to the order.
 */
export function upiPayLink(payment: {
  vpa: string;
  payeeName: string;
  amountRupees: number;
  orderNumber: string;
}): string {
  const params = [
    `pa=${part(payment.vpa)}`,
    ...(payment.payeeName ? [`pn=${part(payment.payeeName)}`] : []),
    `am=${toRupees(toPaise(payment.amountRupees)).toFixed(2)}`,
    "cu=INR",
    `tn=${part(payment.orderNumber)}`,
  ];
  return `upi://pay?${params.join("&")}`;
}
