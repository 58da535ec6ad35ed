/**
 * Coupons (issue #15, record 0047): the admin's codes, the shopper's check of a code against their
 * cart, and what order placement and cancellation do with a coupon, in the caller's transaction.
 *
 * Placement locks the coupon's row (SELECT … FOR UPDATE), re-checks every rule against what is
 * committed, then counts the use with a conditional update (`uses < total_limit`), so concurrent
 * orders queue on the row and can never exceed the total or the per-shopper limit. A cancelled
 * order gives its use back (its redemption is deleted and `uses` goes down).
 */

import {
  type CheckoutPaymentMethod,
  COUPON_MESSAGES,
  type Coupon,
  type CouponInput,
  type CouponKind,
  type CouponLine,
  type CouponQuote,
  couponDiscount,
  couponSummary,
  fromIndiaLocal,
  normalizeCouponCode,
  type OrderCharges,
  orderCharges,
  type ShippingRules,
  toIndiaLocal,
} from "@vastra/contracts";
import { toPaise } from "@vastra/contracts/money";
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  categories,
  couponRedemptions,
  coupons,
  orders,
  productCategories,
} from "../../db/schema.ts";
import { withActivityContext } from "../activity/context.ts";
import { type CartOwner, isUuid, type PricedLine, readCart } from "../cart/index.ts";
import { type Clock, systemClock } from "../clock.ts";
import { getDeliverySettings } from "../delivery/index.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";

export type CouponRow = typeof coupons.$inferSelect;

const paise = toPaise;
const rupees = (p: number) => Math.round(p) / 100;

/** The field every shopper-side refusal is reported on. */
const FIELD = "couponCode";
const refuse = (message: string) => ValidationError.field(FIELD, message);

function termsOf(row: CouponRow) {
  return {
    kind: row.kind as CouponKind,
    percent: row.percent,
    maxDiscountPaise: row.maxDiscountPaise,
    amountPaise: row.amountPaise,
    minCartPaise: row.minCartPaise,
    categoryIds: row.categoryIds,
  };
}

async function toCoupons(db: DbOrTx, rows: CouponRow[]): Promise<Coupon[]> {
  const ids = [...new Set(rows.flatMap((r) => r.categoryIds))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const found = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, ids));
    for (const c of found) names.set(c.id, c.name);
  }
  return rows.map((row) => ({
    _id: row.id,
    code: row.code,
    kind: row.kind as CouponKind,
    percent: row.percent,
    maxDiscount: row.maxDiscountPaise === null ? null : rupees(row.maxDiscountPaise),
    amount: row.amountPaise === null ? null : rupees(row.amountPaise),
    minCartValue: rupees(row.minCartPaise),
    startsAt: row.startsAt ? toIndiaLocal(row.startsAt) : null,
    endsAt: row.endsAt ? toIndiaLocal(row.endsAt) : null,
    totalLimit: row.totalLimit,
    perShopperLimit: row.perShopperLimit,
    categoryIds: row.categoryIds,
    categoryNames: row.categoryIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
    active: row.active,
    uses: row.uses,
    summary: couponSummary(termsOf(row)),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The lines as the coupon rules read them: price, quantity and the product's categories. */
async function couponLines(db: DbOrTx, lines: PricedLine[]): Promise<CouponLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const byProduct = new Map<string, string[]>();
  if (productIds.length > 0) {
    const rows = await db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, productIds));
    for (const r of rows)
      byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.categoryId]);
  }
  return lines.map((l) => ({
    pricePaise: l.pricePaise,
    quantity: l.quantity,
    categoryIds: byProduct.get(l.productId) ?? [],
  }));
}

async function usesBy(db: DbOrTx, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return Number(row?.n ?? 0);
}

/**
 * The first rule this coupon breaks for these lines, in the order a shopper can act on: inactive,
 * not yet valid, expired, not for these items, minimum not met, used up, already used by you.
 */
async function check(
  db: DbOrTx,
  row: CouponRow,
  lines: CouponLine[],
  userId: string | null,
  now: Date,
) {
  const code = row.code;
  if (!row.active) throw refuse(COUPON_MESSAGES.inactive(code));
  if (row.startsAt && now < row.startsAt)
    throw refuse(COUPON_MESSAGES.notYetValid(code, row.startsAt));
  if (row.endsAt && now >= row.endsAt) throw refuse(COUPON_MESSAGES.expired(code, row.endsAt));
  const terms = termsOf(row);
  const discount = couponDiscount(terms, lines);
  if (discount.eligiblePaise === 0) throw refuse(COUPON_MESSAGES.notForItems(code));
  if (discount.eligiblePaise < row.minCartPaise) {
    throw refuse(
      COUPON_MESSAGES.minimumNotMet(
        code,
        row.minCartPaise - discount.eligiblePaise,
        row.minCartPaise,
        row.categoryIds.length > 0,
      ),
    );
  }
  if (row.totalLimit !== null && row.uses >= row.totalLimit)
    throw refuse(COUPON_MESSAGES.usedUp(code));
  if (userId && row.perShopperLimit !== null) {
    if ((await usesBy(db, row.id, userId)) >= row.perShopperLimit) {
      throw refuse(COUPON_MESSAGES.alreadyUsed(code));
    }
  }
  return discount;
}

/** The charges with a discount: shipping judged on the items after the discount (record 0047). */
export function chargesWithDiscount(
  subtotalPaise: number,
  discountPaise: number,
  rules: Pick<ShippingRules, "freeShippingFromRupees" | "shippingFeeRupees" | "codFeeRupees">,
  method: CheckoutPaymentMethod,
): OrderCharges & { discountPaise: number } {
  const after = orderCharges(subtotalPaise - discountPaise, rules, method);
  return { ...after, subtotalPaise, discountPaise };
}

export type RedeemedCoupon = {
  couponId: string;
  code: string;
  discountPaise: number;
  /** Each cart line's share, in the lines' order. */
  perLine: number[];
};

async function findByCode(tx: DbOrTx, code: string, lock: boolean): Promise<CouponRow | undefined> {
  const query = tx.select().from(coupons).where(eq(coupons.code, code));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * Order placement (in its transaction): locks the coupon, re-checks every rule and counts the use.
 * Throws the shopper's message (400, on `couponCode`) when the code cannot be used.
 */
export async function redeemCoupon(
  tx: DbOrTx,
  input: { code: string; userId: string; lines: PricedLine[]; now: Date },
): Promise<RedeemedCoupon> {
  const code = normalizeCouponCode(input.code);
  const row = await findByCode(tx, code, true);
  if (!row) throw refuse(COUPON_MESSAGES.unknown(code));
  const discount = await check(
    tx,
    row,
    await couponLines(tx, input.lines),
    input.userId,
    input.now,
  );
  const counted = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, row.id),
        or(isNull(coupons.totalLimit), lt(coupons.uses, coupons.totalLimit)),
      ),
    )
    .returning({ id: coupons.id });
  if (counted.length === 0) throw refuse(COUPON_MESSAGES.usedUp(code));
  return {
    couponId: row.id,
    code,
    discountPaise: discount.discountPaise,
    perLine: discount.perLine,
  };
}

/** The placed order's redemption (same transaction as the order). */
export async function recordRedemption(
  tx: DbOrTx,
  coupon: RedeemedCoupon,
  orderId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await tx.insert(couponRedemptions).values({
    couponId: coupon.couponId,
    orderId,
    userId,
    amountPaise: coupon.discountPaise,
    createdAt: now,
  });
}

/** A cancelled order gives its use back: its redemption goes and the coupon's count drops. */
export async function releaseCoupon(tx: DbOrTx, orderId: string): Promise<boolean> {
  const removed = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of removed) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
  return removed.length > 0;
}

/**
 * A cancelled order reopened by the admin keeps its price, so it takes its use again (even past
 * the limits: the admin decided; record 0047). Nothing when the coupon is gone or already counted.
 */
export async function retakeCoupon(
  tx: DbOrTx,
  order: { id: string; userId: string | null; couponCode: string | null; discountPaise: number },
  now: Date,
): Promise<boolean> {
  if (!order.couponCode) return false;
  const row = await findByCode(tx, order.couponCode, true);
  if (!row) return false;
  const inserted = await tx
    .insert(couponRedemptions)
    .values({
      couponId: row.id,
      orderId: order.id,
      userId: order.userId,
      amountPaise: order.discountPaise,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) return false;
  await tx
    .update(coupons)
    .set({
      uses: sql`${coupons.uses} + 1`,
      // The limit follows rather than refusing the admin's reopen.
      totalLimit: sql`case when ${coupons.totalLimit} is not null and ${coupons.uses} + 1 > ${coupons.totalLimit} then ${coupons.uses} + 1 else ${coupons.totalLimit} end`,
    })
    .where(eq(coupons.id, row.id));
  return true;
}

function rowValues(input: CouponInput) {
  return {
    code: input.code,
    kind: input.kind,
    percent: input.kind === "percent" ? input.percent : null,
    maxDiscountPaise:
      input.kind === "percent" && input.maxDiscount !== null ? paise(input.maxDiscount) : null,
    amountPaise: input.kind === "fixed" && input.amount !== null ? paise(input.amount) : null,
    minCartPaise: paise(input.minCartValue),
    startsAt: input.startsAt ? fromIndiaLocal(input.startsAt) : null,
    endsAt: input.endsAt ? fromIndiaLocal(input.endsAt) : null,
    totalLimit: input.totalLimit,
    perShopperLimit: input.perShopperLimit,
    categoryIds: [...new Set(input.categoryIds)],
    active: input.active,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, d = 0; e && d < 5; e = (e as { cause?: unknown }).cause, d++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export function createCouponService(deps: { db: Db; clock?: Clock }) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  async function assertCategories(ids: string[]) {
    if (ids.length === 0) return;
    const bad = ids.find((id) => !isUuid(id));
    const found = bad
      ? []
      : await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
    if (bad || found.length !== new Set(ids).size) {
      throw ValidationError.field("categoryIds", "Please choose categories from the list");
    }
  }

  async function byId(tx: DbOrTx, id: string, lock = false): Promise<CouponRow> {
    if (!isUuid(id)) throw new NotFoundError(COUPON_MESSAGES.notFound);
    const query = tx.select().from(coupons).where(eq(coupons.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new NotFoundError(COUPON_MESSAGES.notFound);
    return row;
  }

  return {
    /** Every coupon, newest first, with its uses. */
    async list(): Promise<Coupon[]> {
      const rows = await db
        .select()
        .from(coupons)
        .orderBy(desc(coupons.createdAt), asc(coupons.code));
      return toCoupons(db, rows);
    },

    async get(id: string): Promise<Coupon> {
      const [coupon] = await toCoupons(db, [await byId(db, id)]);
      return coupon!;
    },

    async create(input: CouponInput, actorId?: string): Promise<Coupon> {
      await assertCategories(input.categoryIds);
      try {
        return await db.transaction(async (tx) => {
          await withActivityContext(tx, { actorId, reason: "admin edit" });
          const now = clock();
          const [row] = await tx
            .insert(coupons)
            .values({ ...rowValues(input), createdAt: now, updatedAt: now })
            .returning();
          const [coupon] = await toCoupons(tx, [row!]);
          return coupon!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(COUPON_MESSAGES.codeTaken(input.code), {
            errors: { code: COUPON_MESSAGES.codeTaken(input.code) },
          });
        }
        throw error;
      }
    },

    /** Edits every field; a used coupon's total limit cannot go below its uses. */
    async update(id: string, input: CouponInput, actorId?: string): Promise<Coupon> {
      await assertCategories(input.categoryIds);
      try {
        return await db.transaction(async (tx) => {
          await withActivityContext(tx, { actorId, reason: "admin edit" });
          const current = await byId(tx, id, true);
          if (input.totalLimit !== null && input.totalLimit < current.uses) {
            throw ValidationError.field("totalLimit", COUPON_MESSAGES.limitBelowUses(current.uses));
          }
          const [row] = await tx
            .update(coupons)
            .set({ ...rowValues(input), updatedAt: clock() })
            .where(eq(coupons.id, id))
            .returning();
          const [coupon] = await toCoupons(tx, [row!]);
          return coupon!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(COUPON_MESSAGES.codeTaken(input.code), {
            errors: { code: COUPON_MESSAGES.codeTaken(input.code) },
          });
        }
        throw error;
      }
    },

    async deactivate(id: string, actorId?: string): Promise<Coupon> {
      return db.transaction(async (tx) => {
        await withActivityContext(tx, { actorId, reason: "admin edit" });
        await byId(tx, id);
        const [row] = await tx
          .update(coupons)
          .set({ active: false, updatedAt: clock() })
          .where(eq(coupons.id, id))
          .returning();
        const [coupon] = await toCoupons(tx, [row!]);
        return coupon!;
      });
    },

    /** Deletes a coupon never used (one that any order carries, even cancelled, is only deactivated). */
    async remove(id: string, actorId?: string): Promise<void> {
      await db.transaction(async (tx) => {
        await withActivityContext(tx, { actorId, reason: "admin edit" });
        const row = await byId(tx, id, true);
        const [used] = await tx
          .select({ n: count() })
          .from(couponRedemptions)
          .where(eq(couponRedemptions.couponId, row.id));
        // Ever used: a current redemption, or an order (even cancelled) that carries the code.
        const [ordered] = await tx
          .select({ n: count() })
          .from(orders)
          .where(eq(orders.couponCode, row.code));
        if (row.uses > 0 || Number(used?.n ?? 0) > 0 || Number(ordered?.n ?? 0) > 0) {
          throw new ConflictError(COUPON_MESSAGES.usedCannotDelete);
        }
        await tx.delete(coupons).where(eq(coupons.id, row.id));
      });
    },

    /**
     * The shopper's check of a code against their cart (a guest's: every rule but the
     * per-shopper one, which is checked when they order signed in): the figures the order
     * would have.
     */
    async quote(
      owner: CartOwner | null,
      userId: string | null,
      codeText: string,
      method: CheckoutPaymentMethod = "upi",
    ): Promise<CouponQuote> {
      const code = normalizeCouponCode(codeText);
      const lines = owner ? await readCart(db, owner) : [];
      if (lines.length === 0) throw refuse(COUPON_MESSAGES.emptyCart);
      const row = await findByCode(db, code, false);
      if (!row) throw refuse(COUPON_MESSAGES.unknown(code));
      const discount = await check(db, row, await couponLines(db, lines), userId, clock());
      const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
      const charges = chargesWithDiscount(
        subtotal,
        discount.discountPaise,
        await getDeliverySettings(db),
        method,
      );
      return {
        message: COUPON_MESSAGES.applied(code),
        code,
        summary: couponSummary(termsOf(row)),
        subtotalAmount: rupees(charges.subtotalPaise),
        discountAmount: rupees(charges.discountPaise),
        shippingAmount: rupees(charges.shippingPaise),
        codFeeAmount: rupees(charges.codFeePaise),
        totalAmount: rupees(charges.totalPaise),
      };
    },
  };
}
export type CouponService = ReturnType<typeof createCouponService>;
