/** The order read shape (contracts' orderSchema) for a batch of order rows, items in one query. */
import { ADDRESS_TYPES, type AddressType, type Order } from "@vastra/contracts";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderItems, type orders } from "../../db/schema.ts";
import { rupees } from "../cart/index.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

const addressType = (value: unknown): AddressType =>
  (ADDRESS_TYPES as readonly unknown[]).includes(value) ? (value as AddressType) : "home";

function shippingAddressOf(value: unknown, type: AddressType): Order["shippingAddress"] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (typeof v[key] === "string" ? (v[key] as string) : "");
  return {
    streetAddress: text("streetAddress"),
    apartment: text("apartment"),
    city: text("city"),
    state: text("state"),
    pincode: text("pincode"),
    country: text("country") || "India",
    addressType: type,
  };
}

export function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  const type = addressType(row.addressType);
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    totalAmount: rupees(row.totalPaise),
    subtotalAmount: rupees(row.subtotalPaise),
    shippingAmount: rupees(row.shippingPaise),
    codFeeAmount: rupees(row.codFeePaise),
    codFeeWaived: row.codFeeWaived,
    couponCode: row.couponCode ?? null,
    discountAmount: rupees(row.discountPaise ?? 0),
    items: items.map((item) => ({
      productId: item.productId,
      title: item.title,
      imageUrl: item.imageUrl,
      price: rupees(item.pricePaise),
      size: item.size,
      quantity: item.quantity,
      color: item.color,
    })),
    user: {
      name: row.customerName,
      email: row.customerEmail,
      phone: row.customerPhone,
      address: row.address,
    },
    shippingAddress: shippingAddressOf(row.shippingAddress, type),
    addressType: type,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    shopperConfirmedAt: row.shopperConfirmedAt?.toISOString() ?? null,
    confirmBy: row.confirmBy?.toISOString() ?? null,
    paymentFirstReason: row.paymentFirstReason,
    ...(row.buyerGstin ? { buyerGstin: row.buyerGstin } : {}),
    ...(row.taxInvoiceNumber ? { taxInvoiceNumber: row.taxInvoiceNumber } : {}),
    ...(row.creditNoteNumber ? { creditNoteNumber: row.creditNoteNumber } : {}),
    shipment:
      row.courier && row.trackingNumber
        ? {
            courier: row.courier,
            trackingNumber: row.trackingNumber,
            trackingUrl: row.trackingUrl || null,
            shippedAt: (row.shippedAt ?? row.updatedAt).toISOString(),
          }
        : null,
  };
}

/** Items in reading order: by title, size and colour (as itemsOf returns them). */
export function sortItems(items: OrderItemRow[]): OrderItemRow[] {
  const text = (item: OrderItemRow) => [item.title, item.size, item.color, item.id];
  return [...items].sort((a, b) => {
    const [x, y] = [text(a), text(b)];
    for (let i = 0; i < x.length; i++) {
      if (x[i]! < y[i]!) return -1;
      if (x[i]! > y[i]!) return 1;
    }
    return 0;
  });
}

/** The items of these orders, grouped by order id, by title, size and colour. */
export async function itemsOf(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, OrderItemRow[]>> {
  const map = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
  for (const row of rows) {
    const list = map.get(row.orderId);
    if (list) list.push(row);
    else map.set(row.orderId, [row]);
  }
  for (const [id, list] of map) map.set(id, sortItems(list));
  return map;
}

/** The read shapes of these rows, in the same order. */
export async function toOrders(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOrder(row, items.get(row.id) ?? []));
}
