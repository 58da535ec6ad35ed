/**
 * Coupons' arithmetic and messages (issue #15, record 0047), zod-free so the cart page and the
 * server compute the same figures. Money is integer paise here.
 *
 * Order of computation: the discount is taken off the items subtotal of the eligible lines (all
 * lines, or those of the coupon's categories); a percentage's fraction of a paisa goes in the
 * shopper's favour (what they pay is rounded down: the discount is rounded up to the paisa), then
 * capped at the coupon's maximum, and never more than the eligible lines come to; the free-shipping threshold is judged on the subtotal after the
 * discount; the COD fee is unchanged. Each line's share of the discount is allocated in
 * proportion to its value by largest remainder (the GST invoice taxes each line on its
 * discounted value).
 */
import { formatRupees } from "./money.ts";

export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A code: 3 to 32 of A-Z, 0-9 and '-', matched ignoring case (stored upper-case). */
export const COUPON_CODE = /^[A-Z0-9-]{3,32}$/;
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

export type CouponTerms = {
  kind: CouponKind;
  /** 1-90 for a percentage coupon. */
  percent: number | null;
  maxDiscountPaise: number | null;
  amountPaise: number | null;
  minCartPaise: number;
  /** Empty: every line is eligible. */
  categoryIds: readonly string[];
};

export type CouponLine = { pricePaise: number; quantity: number; categoryIds: readonly string[] };

export type CouponDiscount = {
  /** The eligible lines' value (what the minimum is judged on). */
  eligiblePaise: number;
  /** 0 when no line is eligible. */
  discountPaise: number;
  /** Each line's share of the discount, in the lines' order (0 for lines not eligible). */
  perLine: number[];
};

/** Whether a line counts for the coupon: any of its categories is one of the coupon's. */
export function lineEligible(terms: Pick<CouponTerms, "categoryIds">, line: CouponLine): boolean {
  if (terms.categoryIds.length === 0) return true;
  return line.categoryIds.some((id) => terms.categoryIds.includes(id));
}

/**
 * Splits `total` paise over `weights` in proportion, by largest remainder: each share is floored,
 * then the paise left go one each to the largest remainders (earlier lines first on a tie). The
 * shares add up to `total` exactly.
 */
export function allocateByLargestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let left = total - shares.reduce((a, s) => a + s, 0);
  const order = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left--;
  }
  return shares;
}

/** The coupon's discount on these lines (the minimum is not checked here: see couponProblem). */
export function couponDiscount(terms: CouponTerms, lines: readonly CouponLine[]): CouponDiscount {
  const values = lines.map((l) => (lineEligible(terms, l) ? l.pricePaise * l.quantity : 0));
  const eligiblePaise = values.reduce((a, v) => a + v, 0);
  let discountPaise = 0;
  if (eligiblePaise > 0) {
    if (terms.kind === "percent") {
      discountPaise = Math.ceil((eligiblePaise * (terms.percent ?? 0)) / 100);
      if (terms.maxDiscountPaise !== null) {
        discountPaise = Math.min(discountPaise, terms.maxDiscountPaise);
      }
    } else {
      discountPaise = terms.amountPaise ?? 0;
    }
    discountPaise = Math.max(0, Math.min(discountPaise, eligiblePaise));
  }
  return {
    eligiblePaise,
    discountPaise,
    perLine: allocateByLargestRemainder(discountPaise, values),
  };
}

/** What the coupon gives, in words: "10 % off (up to ₹500)", "₹200 off". */
export function couponSummary(
  terms: Pick<CouponTerms, "kind" | "percent" | "maxDiscountPaise" | "amountPaise">,
): string {
  if (terms.kind === "percent") {
    const cap =
      terms.maxDiscountPaise !== null
        ? ` (up to ${formatRupees(terms.maxDiscountPaise / 100)})`
        : "";
    return `${terms.percent} % off${cap}`;
  }
  return `${formatRupees((terms.amountPaise ?? 0) / 100)} off`;
}

const IST_OFFSET_MS = 330 * 60 * 1000;

/** "26 Nov 2026, 5:30 pm" in India time. */
export function formatIndiaTime(at: Date): string {
  return `${new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).format(at)} IST`;
}

/** "2026-11-26T17:30" (a datetime-local value in India time) for this instant. */
export function toIndiaLocal(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant a datetime-local value in India time ("2026-11-26T17:30") stands for. */
/** Whether a datetime-local value ("2026-11-26T17:30") names a real minute (no 30 February, no 25:00). */
export function isIndiaLocal(value: string): boolean {
  const at = new Date(`${value}:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 16) === value;
}

export function fromIndiaLocal(value: string): Date {
  return new Date(new Date(`${value}:00.000Z`).getTime() - IST_OFFSET_MS);
}

/** Each refusal says which code and what to do (the cart, the checkout and the API use these). */
export const COUPON_MESSAGES = {
  unknown: (code: string) =>
    `We don't recognise the code ${code}. Please check the spelling and try again.`,
  inactive: (code: string) => `The code ${code} is no longer active.`,
  notYetValid: (code: string, from: Date) =>
    `The code ${code} can be used from ${formatIndiaTime(from)}.`,
  expired: (code: string, at: Date) => `The code ${code} expired on ${formatIndiaTime(at)}.`,
  notForItems: (code: string) =>
    `The code ${code} does not apply to any item in your cart (it is for certain categories only).`,
  minimumNotMet: (code: string, shortPaise: number, minPaise: number, restricted: boolean) =>
    `Add ${formatRupees(shortPaise / 100)} more${restricted ? " of eligible items" : ""} to use ${code}: it needs ${formatRupees(minPaise / 100)}${restricted ? " of eligible items" : ""} in your cart.`,
  usedUp: (code: string) => `Sorry, the code ${code} has been used up.`,
  alreadyUsed: (code: string) => `You have already used the code ${code}.`,
  signInForCode: "Please sign in to use a coupon code.",
  emptyCart: "Add something to your cart before applying a code.",
  codeFormat: "Please enter a code of 3 to 32 letters, digits or hyphens",
  applied: (code: string) => `Code ${code} applied.`,
  removed: "Code removed.",
  // admin
  created: "Coupon created",
  updated: "Coupon updated",
  deactivated: "Coupon deactivated",
  deleted: "Coupon deleted",
  notFound: "Coupon not found",
  codeTaken: (code: string) => `A coupon with the code ${code} already exists`,
  usedCannotDelete:
    "This coupon has been used, so it cannot be deleted: deactivate it instead (its orders keep it).",
  percentRange: "Please enter a percentage from 1 to 90",
  amountRequired: "Please enter the amount off in rupees (more than ₹0)",
  windowOrder: "The end must be after the start",
  limitBelowUses: (uses: number) => `This coupon has already been used ${uses} times`,
} as const;
