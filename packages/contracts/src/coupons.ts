/**
 * Coupons (issue #15, record 0047): the admin's coupon, its input, and the shopper's check of a
 * code against their cart. Money in rupees (as every other API); the validity window as
 * datetime-local values in India time ("2026-11-26T17:30").
 */
import {
  COUPON_CODE,
  COUPON_KINDS,
  COUPON_MESSAGES,
  isIndiaLocal,
  normalizeCouponCode,
} from "./coupon-rules.ts";
import { isWholePaise } from "./money.ts";
import { CHECKOUT_PAYMENT_METHODS } from "./shipping.ts";
import { z } from "./zod.ts";

export * from "./coupon-rules.ts";

export const couponCodeSchema = z
  .string({ error: COUPON_MESSAGES.codeFormat })
  .transform(normalizeCouponCode)
  .refine((v) => COUPON_CODE.test(v), COUPON_MESSAGES.codeFormat);

const INDIA_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const indiaLocal = z
  .string()
  .trim()
  .regex(INDIA_LOCAL, "Please enter a date and time")
  .refine(isIndiaLocal, "Please enter a date and time")
  .nullish()
  .transform((v) => v || null);

/** Rupees in whole paise (what the database keeps), 0 to ₹1 crore. */
const rupeesField = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(10_000_000, message)
    .refine(isWholePaise, message);
/** The smallest amount a discount can be: one paisa (anything less is kept as nothing). */
const ONE_PAISA = 0.01;
const limitField = z
  .number({ error: "Please enter a whole number of uses (1 or more), or leave it empty" })
  .int("Please enter a whole number of uses (1 or more), or leave it empty")
  .min(1, "Please enter a whole number of uses (1 or more), or leave it empty")
  .max(10_000_000, "Please enter a whole number of uses (1 or more), or leave it empty")
  .nullish()
  .transform((v) => v ?? null);

export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS, { error: "Please choose a percentage or a fixed amount" }),
    /** Percentage coupons: 1-90. */
    percent: z
      .number({ error: COUPON_MESSAGES.percentRange })
      .int(COUPON_MESSAGES.percentRange)
      .min(1, COUPON_MESSAGES.percentRange)
      .max(90, COUPON_MESSAGES.percentRange)
      .nullish()
      .transform((v) => v ?? null),
    /** Percentage coupons: the most it takes off, rupees; null: no cap. */
    maxDiscount: rupeesField("Please enter the largest discount in rupees, or leave it empty")
      .min(ONE_PAISA, "Please enter the largest discount in rupees, or leave it empty")
      .nullish()
      .transform((v) => v ?? null),
    /** Fixed coupons: rupees off. */
    amount: rupeesField(COUPON_MESSAGES.amountRequired)
      .nullish()
      .transform((v) => v ?? null),
    /** The cart (eligible lines) must come to at least this, rupees; 0: no minimum. */
    minCartValue: rupeesField("Please enter the minimum cart value in rupees (0 for none)").default(
      0,
    ),
    startsAt: indiaLocal,
    endsAt: indiaLocal,
    totalLimit: limitField,
    perShopperLimit: limitField,
    categoryIds: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    active: z.boolean().default(true),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && v.percent === null) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: COUPON_MESSAGES.percentRange });
    }
    if (v.kind === "fixed" && !(v.amount !== null && v.amount >= ONE_PAISA)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: COUPON_MESSAGES.amountRequired });
    }
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: COUPON_MESSAGES.windowOrder });
    }
  });
export type CouponInput = z.output<typeof couponInputSchema>;
export type CouponInputBody = z.input<typeof couponInputSchema>;

export const couponSchema = z
  .object({
    _id: z.string(),
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    percent: z.number().int().nullable(),
    maxDiscount: z.number().nullable(),
    amount: z.number().nullable(),
    minCartValue: z.number(),
    /** India time, datetime-local form; null: no bound. */
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    totalLimit: z.number().int().nullable(),
    perShopperLimit: z.number().int().nullable(),
    categoryIds: z.array(z.string()),
    /** The categories' names (a deleted category is left out). */
    categoryNames: z.array(z.string()),
    active: z.boolean(),
    /** Orders using it now (a cancelled order gives its use back). */
    uses: z.number().int(),
    /** "10 % off (up to ₹500.00)". */
    summary: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "Coupon" });
export type Coupon = z.infer<typeof couponSchema>;

export const couponReplySchema = z.object({ message: z.string(), coupon: couponSchema });
export type CouponReply = z.infer<typeof couponReplySchema>;

/** POST /api/coupons/check: a code against the caller's cart (and the checkout's payment method). */
export const couponCheckSchema = z
  .object({
    code: z
      .string({ error: COUPON_MESSAGES.codeFormat })
      .trim()
      .min(1, COUPON_MESSAGES.codeFormat)
      .max(64, COUPON_MESSAGES.codeFormat),
    paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS).optional(),
  })
  .strict()
  .meta({ id: "CouponCheck" });
export type CouponCheck = z.output<typeof couponCheckSchema>;

/** The cart's figures with the code applied (rupees). */
export const couponQuoteSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    summary: z.string(),
    subtotalAmount: z.number(),
    discountAmount: z.number(),
    shippingAmount: z.number(),
    codFeeAmount: z.number(),
    totalAmount: z.number(),
  })
  .meta({ id: "CouponQuote" });
export type CouponQuote = z.infer<typeof couponQuoteSchema>;
