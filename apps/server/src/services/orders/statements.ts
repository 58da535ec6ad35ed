/**
 * The order placement's writes, built once (db/prepared.ts, record 0064): every order runs them.
 * Values go in as the columns take them (a timestamp as a Date, the jsonb data as an object) except
 * where said.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { prepared } from "../../db/prepared.ts";
import { cartLines, orderEvents, orderItems, orders } from "../../db/schema.ts";
import type { OrderRow } from "./read.ts";

type NewOrder = typeof orders.$inferInsert;
/** What a new order is given; `shippingAddress` as JSON text or null (a jsonb placeholder). */
export type OrderValues = Required<
  Pick<
    NewOrder,
    | "userId"
    | "paymentMethod"
    | "totalPaise"
    | "subtotalPaise"
    | "shippingPaise"
    | "codFeePaise"
    | "couponCode"
    | "discountPaise"
    | "buyerGstin"
    | "customerName"
    | "customerEmail"
    | "customerPhone"
    | "address"
    | "addressType"
    | "confirmBy"
    | "paymentFirstReason"
    | "deliveryPin"
    | "createdAt"
    | "updatedAt"
  >
> & { id: string; shippingAddress: string | null };

const p = (name: keyof OrderValues) => sql.placeholder(name);

/**
 * A new pending order, its stock held, numbered from the order number sequence. Its id is the
 * app's (`randomUUID`), so its items and event can be sent before its row comes back.
 */
const insertOrder = prepared<OrderValues, OrderRow[]>("order_insert", (db) =>
  db
    .insert(orders)
    .values({
      id: p("id"),
      orderNumber: sql`'VST-' || nextval('order_number_seq')::text`,
      userId: p("userId"),
      status: "pending",
      paymentStatus: "pending",
      paymentMethod: p("paymentMethod"),
      totalPaise: p("totalPaise"),
      subtotalPaise: p("subtotalPaise"),
      shippingPaise: p("shippingPaise"),
      codFeePaise: p("codFeePaise"),
      couponCode: p("couponCode"),
      discountPaise: p("discountPaise"),
      buyerGstin: p("buyerGstin"),
      customerName: p("customerName"),
      customerEmail: p("customerEmail"),
      customerPhone: p("customerPhone"),
      address: p("address"),
      // Raw, not through the column: the column's mapping would store a null as JSON 'null'.
      shippingAddress: sql`${p("shippingAddress")}::jsonb`,
      addressType: p("addressType"),
      stockHeld: true,
      confirmBy: p("confirmBy"),
      paymentFirstReason: p("paymentFirstReason"),
      deliveryPin: p("deliveryPin"),
      createdAt: p("createdAt"),
      updatedAt: p("updatedAt"),
    })
    .returning(),
);

export type ItemValues = {
  productId: string;
  title: string;
  imageUrl: string;
  pricePaise: number;
  size: string;
  color: string;
  quantity: number;
  discountPaise: number;
};
type ItemRow = typeof orderItems.$inferSelect;
const ITEM_FIELDS = [
  "productId",
  "title",
  "imageUrl",
  "pricePaise",
  "size",
  "color",
  "quantity",
  "discountPaise",
] as const;
/** Orders of up to this many lines insert their items through a statement built once per count. */
const PREPARED_ITEMS = 10;
const itemStatements = new Map<
  number,
  (db: DbOrTx, values: Record<string, unknown>) => Promise<ItemRow[]>
>();

/**
 * A new order and its items, in the order given. The items go in the same round trip as the order
 * (sent after it on the same path, so the database inserts the order first) when there are up to
 * PREPARED_ITEMS of them; more go through the query builder, whose send order is not the call
 * order, so they wait for the order's row.
 */
export async function insertOrderWithItems(
  db: DbOrTx,
  order: OrderValues,
  items: readonly ItemValues[],
): Promise<[OrderRow, ItemRow[]]> {
  const row = insertOrder(db, order);
  const inserted =
    items.length > PREPARED_ITEMS
      ? row.then(() => insertItems(db, order.id, items))
      : insertItems(db, order.id, items);
  const [[placed], lines] = await Promise.all([row, inserted]);
  return [placed!, lines];
}

/** The order's items, in the order given. */
function insertItems(
  db: DbOrTx,
  orderId: string,
  items: readonly ItemValues[],
): Promise<ItemRow[]> {
  const count = items.length;
  if (count > PREPARED_ITEMS) {
    return db
      .insert(orderItems)
      .values(items.map((item) => ({ ...item, orderId })))
      .returning();
  }
  let statement = itemStatements.get(count);
  if (!statement) {
    statement = prepared<Record<string, unknown>, ItemRow[]>(`order_items_${count}`, (tx) =>
      tx
        .insert(orderItems)
        .values(
          Array.from({ length: count }, (_, i) => {
            const at = (f: (typeof ITEM_FIELDS)[number]) => sql.placeholder(`${f}${i}`);
            return {
              orderId: sql.placeholder("orderId"),
              productId: at("productId"),
              title: at("title"),
              imageUrl: at("imageUrl"),
              pricePaise: at("pricePaise"),
              size: at("size"),
              color: at("color"),
              quantity: at("quantity"),
              discountPaise: at("discountPaise"),
            };
          }),
        )
        .returning(),
    );
    itemStatements.set(count, statement);
  }
  const values: Record<string, unknown> = { orderId };
  items.forEach((item, i) => {
    for (const f of ITEM_FIELDS) values[`${f}${i}`] = item[f];
  });
  return statement(db, values);
}

/** One event of an order's history. */
export const insertOrderEvent = prepared<
  {
    orderId: string;
    actorId: string | null;
    actorName: string;
    type: string;
    data: Record<string, unknown>;
    createdAt: Date;
  },
  unknown
>("order_event_insert", (db) =>
  db.insert(orderEvents).values({
    orderId: sql.placeholder("orderId"),
    actorId: sql.placeholder("actorId"),
    actorName: sql.placeholder("actorName"),
    type: sql.placeholder("type"),
    data: sql.placeholder("data"),
    createdAt: sql.placeholder("createdAt"),
  }),
);

/** Empties a shopper's cart. */
export const clearUserCart = prepared<{ userId: string }, unknown>("cart_clear_user", (db) =>
  db.delete(cartLines).where(eq(cartLines.userId, sql.placeholder("userId"))),
);
