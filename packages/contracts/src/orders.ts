import { cartLineSchema } from "./cart.ts";
import { EMAIL, errorSchema, INDIAN_MOBILE } from "./common.ts";
import { shipmentSchema, timelineEntrySchema } from "./fulfilment.ts";
import { buyerGstinSchema, gstinProblem, gstStateByName } from "./gst.ts";
import { CHECKOUT_PAYMENT_METHODS, SHIPPING_MESSAGES } from "./shipping.ts";
import { z } from "./zod.ts";

export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  /** Returned undelivered (RTO): set by the admin on a shipped order (record 0038). */
  "returned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A shopper may cancel while the order is in one of these (decisions.md §4). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ["pending", "confirmed", "processing"];
/** The shopper is e-mailed when an order reaches one of these (decisions.md §4). */
export const EMAILED_STATUSES: readonly OrderStatus[] = [
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
];

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = [
  "to_be_confirmed",
  "upi",
  "google_pay",
  "phonepe",
  "paytm",
  "cash_on_delivery",
  "bank_transfer",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a payment method reads on screen and in e-mails ('shown with spaces', decisions.md §4). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  to_be_confirmed: "To be confirmed",
  upi: "UPI",
  google_pay: "Google Pay",
  phonepe: "PhonePe",
  paytm: "Paytm",
  cash_on_delivery: "Cash on delivery",
  bank_transfer: "Bank transfer",
};

export const ADDRESS_TYPES = ["home", "office", "other"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The 28 states and 8 union territories of India, in alphabetical order. */
export const INDIAN_STATES = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** Pincodes: 6 digits, not starting with 0 (storefront.md §5, §9). */
export const PINCODE = /^[1-9]\d{5}$/;

/** The checkout's and the orders' texts (storefront.md §5 and §8, decisions.md §4). */
export const ORDER_MESSAGES = {
  requiredFields: "Please fill in all required fields",
  pincode: "Please enter a valid 6-digit pincode",
  phone: "Please enter a valid 10-digit Indian mobile number",
  email: "Please enter a valid email address",
  state: "Please choose a state or union territory from the list",
  country: "We deliver only within India",
  emptyCart: "Your cart is empty",
  cartChanged:
    "Your cart has changed since you started checking out. Please review your order and try again.",
  totalChanged: "Prices have changed since you started checking out. Please review the new total.",
  idempotencyReused: "This Idempotency-Key was already used with a different order",
  idempotencyHeader: "The Idempotency-Key header must be 1 to 200 characters",
  placed: "Order placed successfully",
  notFound: "Order not found",
  notCancellable: "This order can no longer be cancelled",
  cancelled: "Order cancelled successfully",
  // storefront.md §8: the screens' texts
  placedToast: "Order confirmed! Check your email for details.",
  placeFailed: "Failed to place order. Please try again.",
  loadFailed: "Failed to load orders",
  cancelConfirm: "Are you sure you want to cancel this order?",
  cancelFailed: "Failed to cancel order",
  contactAboutPayment: "Our team will contact you about payment and delivery.",
} as const;

/**
 * The per-shopper order limits' refusals (docs/decisions/0025-order-and-mail-abuse.md): each says
 * what to do next.
 */
export const ORDER_LIMIT_MESSAGES = {
  pendingOrders: (limit: number) =>
    `You already have ${limit} ${limit === 1 ? "order" : "orders"} waiting for confirmation. Please wait for the store to confirm them or cancel one before ordering again.`,
  pendingUnits: (limit: number, held: number) =>
    held === 0
      ? `You can order at most ${limit} items at a time. Please reduce the quantities in your cart.`
      : `Your orders waiting for confirmation already hold ${held} ${held === 1 ? "item" : "items"}, and at most ${limit} can wait at once. Please reduce the quantities in your cart to ${Math.max(0, limit - held)} or fewer, or wait for the store to confirm your orders.`,
  tooManyPlacements: (limit: number) =>
    `You have placed ${limit} orders in the last hour. Please wait a while before placing another, or contact us if you need help with a large order.`,
} as const;

/** The largest total a client may send (rupees): far above any real order, far below overflow. */
export const ORDER_TOTAL_MAX = 100_000_000_000;

export { IDEMPOTENCY_KEY_HEADER } from "./idempotency.ts";

const required = (max = 200) =>
  z
    .string({ error: ORDER_MESSAGES.requiredFields })
    .trim()
    .min(1, ORDER_MESSAGES.requiredFields)
    .max(max, `Please keep this under ${max} characters`);

/** Spaces, hyphens and a leading +91 are dropped; then 10 digits starting 6-9. */
export const checkoutPhoneSchema = z
  .string({ error: ORDER_MESSAGES.requiredFields })
  .trim()
  .min(1, ORDER_MESSAGES.requiredFields)
  .transform((v) => v.replace(/[\s-]/g, "").replace(/^\+?91(?=\d{10}$)/, ""))
  .refine((v) => INDIAN_MOBILE.test(v), ORDER_MESSAGES.phone);

const checkoutEmail = z
  .string({ error: ORDER_MESSAGES.requiredFields })
  .trim()
  .min(1, ORDER_MESSAGES.requiredFields)
  .max(254, ORDER_MESSAGES.email)
  .regex(EMAIL, ORDER_MESSAGES.email)
  .transform((v) => v.toLowerCase());

const pincode = z
  .string({ error: ORDER_MESSAGES.requiredFields })
  .trim()
  .min(1, ORDER_MESSAGES.requiredFields)
  .regex(PINCODE, ORDER_MESSAGES.pincode);

/** The state's own spelling from the list, whatever the case the client used. */
const state = z
  .string({ error: ORDER_MESSAGES.requiredFields })
  .trim()
  .min(1, ORDER_MESSAGES.requiredFields)
  .transform((v) => INDIAN_STATES.find((s) => s.toLowerCase() === v.toLowerCase()) ?? v)
  .refine((v): v is IndianState => (INDIAN_STATES as readonly string[]).includes(v), {
    message: ORDER_MESSAGES.state,
  });

export const shippingAddressSchema = z
  .object({
    streetAddress: required(),
    apartment: z
      .string()
      .trim()
      .max(200, "Please keep this under 200 characters")
      .optional()
      .transform((v) => v ?? ""),
    city: required(100),
    state,
    pincode,
    country: z
      .string({ error: ORDER_MESSAGES.requiredFields })
      .trim()
      .min(1, ORDER_MESSAGES.requiredFields)
      .refine((v) => v.toLowerCase() === "india", ORDER_MESSAGES.country)
      .transform(() => "India" as const)
      .default("India"),
    addressType: z
      .enum(ADDRESS_TYPES, { error: "Please choose home, office or other" })
      .default("home"),
  })
  .meta({ id: "ShippingAddress" });
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** The spec's one comma-joined address string: street, apartment, city, state, pincode, country. */
export { joinAddress } from "./address-lines.ts";

/** The pincode inside a comma-joined address: its last group of exactly 6 digits. */
export function pincodeInAddress(address: string): string | undefined {
  const groups = address.match(/(?<!\d)\d{6}(?!\d)/g);
  return groups?.at(-1);
}

export const orderItemInputSchema = z.object({
  productId: z.string({ error: ORDER_MESSAGES.emptyCart }).trim().min(1).max(100),
  /** Shown to the shopper; the server takes titles, images and prices from the catalogue. */
  title: z.string().optional(),
  imageUrl: z.string().optional(),
  price: z.number().optional(),
  size: z.string({ error: ORDER_MESSAGES.requiredFields }).trim().min(1).max(50),
  quantity: z.number({ error: "Please check the quantities in your cart" }).int().min(1).max(999),
  color: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : undefined))
    .optional(),
});

/**
 * POST /api/orders (storefront.md §3, decisions.md §4): the spec's payload plus an optional structured
 * address. The server rebuilds items and total from the cart and the catalogue; `status` is ignored.
 */
export const placeOrderSchema = z
  .object({
    user: z.object(
      {
        name: required(100),
        email: checkoutEmail,
        phone: checkoutPhoneSchema,
        /** One comma-joined string of street, apartment, city, state, pincode, country. */
        address: required(600),
      },
      { error: ORDER_MESSAGES.requiredFields },
    ),
    items: z
      .array(orderItemInputSchema, { error: ORDER_MESSAGES.emptyCart })
      .min(1, ORDER_MESSAGES.emptyCart)
      .max(100, "Please order at most 100 different items at once"),
    totalAmount: z
      .number({ error: "Please review your order total" })
      .nonnegative("Please review your order total")
      .max(ORDER_TOTAL_MAX, "Please review your order total"),
    /** Ignored: a new order is always pending. */
    status: z.string().max(50).optional(),
    shippingAddress: shippingAddressSchema.optional(),
    /**
     * Cash on delivery (where the PIN allows it; adds the COD fee) or UPI when the store
     * contacts the shopper; absent (older clients): UPI.
     */
    paymentMethod: z
      .enum(CHECKOUT_PAYMENT_METHODS, { error: SHIPPING_MESSAGES.paymentMethod })
      .default("upi"),
    /** A business buyer's GSTIN (record 0037): its state code must be the delivery state's. */
    buyerGstin: buyerGstinSchema,
    /** A coupon code (record 0047), any case; re-checked and applied in the order's transaction. */
    couponCode: z
      .string()
      .trim()
      .max(64, "Please check the coupon code")
      .optional()
      .transform((v) => (v ? v.toUpperCase() : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.buyerGstin && value.shippingAddress) {
      const state = gstStateByName(value.shippingAddress.state);
      const problem = state ? gstinProblem(value.buyerGstin, state) : undefined;
      if (problem) ctx.addIssue({ code: "custom", path: ["buyerGstin"], message: problem });
    }
    if (value.shippingAddress) return;
    // With only the string, the pincode is the 6-digit group in it (decisions.md §4).
    const found = pincodeInAddress(value.user.address);
    if (!found || !PINCODE.test(found)) {
      ctx.addIssue({ code: "custom", path: ["user", "address"], message: ORDER_MESSAGES.pincode });
    }
  })
  .meta({ id: "PlaceOrder" });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

export const orderItemSchema = z
  .object({
    /** Null when the product has since been deleted from the catalogue. */
    productId: z.string().nullable(),
    title: z.string(),
    imageUrl: z.string(),
    /** Rupees: the price when the order was placed. */
    price: z.number(),
    size: z.string(),
    quantity: z.number().int(),
    /** '' when the item has no colour. */
    color: z.string(),
  })
  .meta({ id: "OrderItem" });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.string(),
    /** Rupees, 2 decimals: items - coupon discount + shipping + COD fee (records 0036, 0047). */
    totalAmount: z.number(),
    /** Rupees: the items' prices × quantities. */
    subtotalAmount: z.number(),
    /** Rupees: 0 when the order ships free. */
    shippingAmount: z.number(),
    /** Rupees: the cash-on-delivery fee (0 when not COD, or waived). */
    codFeeAmount: z.number(),
    /** The admin waived the COD fee. */
    codFeeWaived: z.boolean(),
    /** Coupons (record 0047): the code applied, and rupees off the items (0 without one). */
    couponCode: z.string().nullable().optional(),
    discountAmount: z.number().optional(),
    items: z.array(orderItemSchema),
    user: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
    shippingAddress: z
      .object({
        streetAddress: z.string(),
        apartment: z.string(),
        city: z.string(),
        state: z.string(),
        pincode: z.string(),
        country: z.string(),
        addressType: z.enum(ADDRESS_TYPES),
      })
      .nullable(),
    addressType: z.enum(ADDRESS_TYPES),
    notes: z.string(),
    createdAt: z.string(),
    /** The courier and tracking number once shipped (record 0039); null before. */
    shipment: shipmentSchema.nullable().optional(),
    /** The shopper's status timeline (My Orders): each step reached, oldest first. */
    timeline: z.array(timelineEntrySchema).optional(),
    /** ISO time the shopper confirmed the order (record 0038); null while waiting or never asked. */
    shopperConfirmedAt: z.string().nullable(),
    /** ISO time a new order is cancelled unless the shopper confirms it first; null: not asked. */
    confirmBy: z.string().nullable(),
    /** Why the order must be paid before shipping (too many returned orders); '' when not. */
    paymentFirstReason: z.string(),
    /** GST (record 0037): the buyer's GSTIN, the tax invoice's and the credit note's numbers. */
    buyerGstin: z.string().optional(),
    taxInvoiceNumber: z.string().optional(),
    creditNoteNumber: z.string().optional(),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof orderSchema>;

export const orderReplySchema = z
  .object({ message: z.string(), order: orderSchema })
  .meta({ id: "OrderReply" });
export type OrderReply = z.infer<typeof orderReplySchema>;

/**
 * A refused order (409): the message, and when the cart or its prices changed, the fresh cart and
 * its total so the checkout can show them.
 */
export const orderConflictSchema = errorSchema
  .extend({
    cart: z.array(cartLineSchema).optional(),
    totalAmount: z.number().optional(),
    /** When one item is short: which product and size, and how many are left. */
    productId: z.string().optional(),
    size: z.string().optional(),
    available: z.number().int().optional(),
  })
  .meta({ id: "OrderConflict" });
export type OrderConflict = z.infer<typeof orderConflictSchema>;

/** GET /api/orders/my-orders?status= ('all' or absent: every order). */
export const myOrdersQuerySchema = z.object({
  status: z
    .enum([...ORDER_STATUSES, "all"])
    .optional()
    .catch(undefined)
    .transform((v) => (v === "all" ? undefined : v)),
});
