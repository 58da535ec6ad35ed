/**
 * Cash-on-delivery controls (issue #14, record 0038): the shopper confirms a new order (from a
 * signed e-mail link or My Orders) or it is cancelled after a set time; cash on delivery only up to
 * a set order value and not for shoppers or phones with too many orders returned undelivered (RTO,
 * status `returned`); risk badges on the admin's order list. The settings are keys of the delivery
 * settings document (delivery.ts spreads `codSettingsShape` into its schema).
 */
import { formatWholeRupees } from "./money.ts";
import { orderSchema, shippingAddressSchema } from "./orders.ts";
import { z } from "./zod.ts";

export const COD_MESSAGES = {
  linkInvalid:
    "This link is not valid. Please use the link in your order e-mail, or sign in and open My Orders.",
  linkExpired:
    "This link has expired. If your order is still open, sign in and open My Orders to see it.",
  confirmed: "Thank you! Your order is confirmed.",
  alreadyConfirmed: "Your order is already confirmed.",
  notAwaiting: "This order is no longer waiting for your confirmation.",
  tooLate:
    "The time to confirm this order is over, so it will be cancelled. Please place a new order if you still want these items.",
  cancelled: "Your order has been cancelled.",
  alreadyCancelled: "This order is already cancelled.",
  notCancellable: "This order can no longer be cancelled",
  addressUpdated: "Your delivery address has been updated.",
  addressLocked:
    "The delivery address can be changed only until the store confirms your order. Please reply to your order e-mail to ask for a change.",
  codOverCap: (maxRupees: number) =>
    `Cash on delivery is available for orders up to ${formatWholeRupees(maxRupees)}. Please choose to pay by UPI.`,
  paymentFirst: (returned: number) =>
    `Cash on delivery is not available for this order: ${returned} earlier ${returned === 1 ? "order" : "orders"} for this account or phone number ${returned === 1 ? "was" : "were"} returned undelivered. Please choose to pay by UPI; the store will ask for payment before shipping.`,
  returnedOnlyFromShipped: "Only a shipped order can be marked returned (returned undelivered)",
  confirmWithinHours: "Please enter hours from 1 to 720",
  count: "Please enter a whole number from 1 to 100",
  rupees: "Please enter a whole number of rupees from 0 to 10,00,000",
} as const;

const count = () =>
  z
    .number({ error: COD_MESSAGES.count })
    .int(COD_MESSAGES.count)
    .min(1, COD_MESSAGES.count)
    .max(100, COD_MESSAGES.count);
const rupees = () =>
  z
    .number({ error: COD_MESSAGES.rupees })
    .int(COD_MESSAGES.rupees)
    .min(0, COD_MESSAGES.rupees)
    .max(1_000_000, COD_MESSAGES.rupees);

/** A new store's COD controls. */
export const DEFAULT_COD_SETTINGS = {
  confirmWithinHours: 48,
  codMaxOrderRupees: 10_000,
  rtoPaymentFirstAfter: 2,
  riskHighValueFromRupees: 5_000,
  riskPinReturnsAt: 3,
  riskPhoneAccountsAt: 2,
} as const;

/** The COD keys of the delivery settings (each with a default: older documents still validate). */
export const codSettingsShape = {
  /** Hours a new order waits for the shopper's confirmation before it is cancelled. */
  confirmWithinHours: z
    .number({ error: COD_MESSAGES.confirmWithinHours })
    .int(COD_MESSAGES.confirmWithinHours)
    .min(1, COD_MESSAGES.confirmWithinHours)
    .max(720, COD_MESSAGES.confirmWithinHours)
    .default(DEFAULT_COD_SETTINGS.confirmWithinHours),
  /** Cash on delivery only for orders whose total is at most this (rupees; 0: no COD at all). */
  codMaxOrderRupees: rupees().default(DEFAULT_COD_SETTINGS.codMaxOrderRupees),
  /** Orders returned undelivered (per account or phone) after which COD is refused. */
  rtoPaymentFirstAfter: count().default(DEFAULT_COD_SETTINGS.rtoPaymentFirstAfter),
  /** The admin's list flags orders whose total is above this (rupees). */
  riskHighValueFromRupees: rupees().default(DEFAULT_COD_SETTINGS.riskHighValueFromRupees),
  /** … and orders to a PIN with at least this many orders returned undelivered. */
  riskPinReturnsAt: count().default(DEFAULT_COD_SETTINGS.riskPinReturnsAt),
  /** … and orders whose phone number at least this many accounts have ordered with. */
  riskPhoneAccountsAt: count().default(DEFAULT_COD_SETTINGS.riskPhoneAccountsAt),
};

export const codSettingsViewShape = {
  confirmWithinHours: z.number().int(),
  codMaxOrderRupees: z.number().int(),
  rtoPaymentFirstAfter: z.number().int(),
  riskHighValueFromRupees: z.number().int(),
  riskPinReturnsAt: z.number().int(),
  riskPhoneAccountsAt: z.number().int(),
};
export type CodSettings = { -readonly [K in keyof typeof DEFAULT_COD_SETTINGS]: number };

/** Whether cash on delivery is within the cap for an order of this total (paise). */
export function codWithinCap(totalPaise: number, settings: Pick<CodSettings, "codMaxOrderRupees">) {
  return totalPaise <= settings.codMaxOrderRupees * 100;
}

// ---------------------------------------------------------------- the confirmation link

/** The three things the e-mail's link lets the shopper do. */
export const CONFIRMATION_ACTIONS = ["confirm", "cancel", "address"] as const;
export type ConfirmationAction = (typeof CONFIRMATION_ACTIONS)[number];

/** The signed token of the link: `<payload>.<signature>`, base64url. */
const token = z.string({ error: COD_MESSAGES.linkInvalid }).trim().min(1).max(600);

export const confirmationQuerySchema = z.object({ token });
export const confirmationTokenSchema = z.object({ token }).meta({ id: "OrderConfirmationToken" });
export const confirmationAddressSchema = z
  .object({ token, shippingAddress: shippingAddressSchema })
  .meta({ id: "OrderConfirmationAddress" });
export type ConfirmationAddressInput = z.input<typeof confirmationAddressSchema>;

/** What the link's page shows: the order's summary, not the shopper's account. */
export const orderConfirmationViewSchema = z
  .object({
    orderNumber: z.string(),
    status: z.string(),
    customerName: z.string(),
    items: z.array(
      z.object({
        title: z.string(),
        size: z.string(),
        color: z.string(),
        quantity: z.number().int(),
        price: z.number(),
      }),
    ),
    subtotalAmount: z.number(),
    shippingAmount: z.number(),
    codFeeAmount: z.number(),
    totalAmount: z.number(),
    paymentMethod: z.string(),
    address: z.string(),
    shippingAddress: z
      .object({
        streetAddress: z.string(),
        apartment: z.string(),
        city: z.string(),
        state: z.string(),
        pincode: z.string(),
        addressType: z.string(),
      })
      .nullable(),
    /** ISO time the shopper confirmed; null while waiting. */
    shopperConfirmedAt: z.string().nullable(),
    /** ISO time the order is cancelled if not confirmed by then. */
    confirmBy: z.string().nullable(),
    /** What the shopper may still do. */
    canConfirm: z.boolean(),
    canCancel: z.boolean(),
    canChangeAddress: z.boolean(),
  })
  .meta({ id: "OrderConfirmationView" });
export type OrderConfirmationView = z.infer<typeof orderConfirmationViewSchema>;

export const orderConfirmationReplySchema = z
  .object({ message: z.string(), order: orderConfirmationViewSchema })
  .meta({ id: "OrderConfirmationReply" });
export type OrderConfirmationReply = z.infer<typeof orderConfirmationReplySchema>;

// ---------------------------------------------------------------- risk badges

export const RISK_FLAGS = [
  "payment_first",
  "first_order",
  "high_value",
  "pin_returns",
  "shared_phone",
] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

/** The badge's short text. */
export const RISK_LABELS: Record<RiskFlag, string> = {
  payment_first: "Pay first",
  first_order: "First order",
  high_value: "High value",
  pin_returns: "PIN returns",
  shared_phone: "Shared phone",
};

export const orderRiskSchema = z
  .object({
    flag: z.enum(RISK_FLAGS),
    label: z.string(),
    /** Why, in words, for the badge's title and the order's details. */
    reason: z.string(),
  })
  .meta({ id: "OrderRisk" });
export type OrderRisk = z.infer<typeof orderRiskSchema>;

/** One row of the admin's order list: the order and its risk badges (record 0038). */
export const adminOrderListItemSchema = orderSchema
  .extend({ risks: z.array(orderRiskSchema) })
  .meta({ id: "AdminOrderListItem" });
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;
