/**
 * GST tax invoices and credit notes (issue #14, record 0037).
 *
 * - When an order becomes shipped (or delivered without having shipped) it gets a tax invoice;
 *   when an invoiced order is cancelled or returned, a credit note reversing it. Both are issued
 *   inside the status change's transaction (orders/index.ts applyChange calls
 *   recordTaxDocuments), so a rolled-back change leaves no number behind.
 * - Numbers are gapless per series and Indian financial year: the series' counter row is upserted
 *   (and so locked) by the issuing transaction; a concurrent issuer waits for it to commit.
 * - Every figure, name, address, HSN code and rate is copied into tax_documents and
 *   tax_document_lines, so later edits of products or settings do not change issued documents.
 * - Prices are GST-inclusive: each line's tax is taken out of what the shopper paid.
 */

import {
  formatRupees,
  GST_MESSAGES,
  GST_STATES,
  gstinProblem,
  gstStateByCode,
  gstStateByName,
  ORDER_MESSAGES,
  pincodeInAddress,
  type StoreSettings,
  type TaxDocumentKind,
  type TaxSettings,
} from "@vastra/contracts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  orderItems,
  orders,
  pincodes,
  products,
  storeSettings,
  taxDocumentCounters,
  taxDocumentLines,
  taxDocuments,
  taxRates,
} from "../../db/schema.ts";
import { withActivityContext } from "../activity/context.ts";
import { isUuid } from "../cart/index.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { ensureStoreSettings, getStoreSettings } from "../store-settings.ts";
import {
  documentNumber,
  financialYearOf,
  indiaDate,
  type RateSlab,
  rateFor,
  splitInclusive,
} from "./calc.ts";

/** SAC of courier services (9968): shipping and the COD fee ride with the goods (record 0037). */
export const CHARGES_SAC = "996812";

export type Party = {
  name: string;
  legalName?: string;
  lines: string[];
  stateCode: string | null;
  stateName: string | null;
  gstin: string | null;
  phone?: string;
  email?: string;
};

export type TaxLine = {
  position: number;
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

export type TaxDocument = {
  id: string;
  kind: TaxDocumentKind;
  number: string;
  fy: string;
  issuedAt: Date;
  orderId: string;
  orderNumber: string;
  orderDate: Date;
  /** A credit note's invoice: its number and date. */
  invoice: { number: string; issuedAt: Date } | null;
  seller: Party;
  buyer: Party;
  placeOfSupply: { code: string; name: string };
  intraState: boolean;
  lines: TaxLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

// ---------------------------------------------------------------- rates and numbers

/** Every slab of these classes (a handful of rows). */
async function slabsOf(tx: DbOrTx, classes: string[]): Promise<Map<string, RateSlab[]>> {
  const rows =
    classes.length === 0
      ? []
      : await tx.select().from(taxRates).where(inArray(taxRates.taxClass, classes));
  const map = new Map<string, RateSlab[]>();
  for (const row of rows) {
    const list = map.get(row.taxClass) ?? [];
    list.push({
      effectiveFrom: row.effectiveFrom,
      maxUnitTaxablePaise: row.maxUnitTaxablePaise,
      rateBp: row.rateBp,
    });
    map.set(row.taxClass, list);
  }
  return map;
}

/**
 * The next number of a series in a financial year. The upsert locks the counter row until this
 * transaction ends: a concurrent issuer waits and then reads the committed value, and a rollback
 * returns the number, so the series has no gaps and no repeats.
 */
export async function nextDocumentNumber(
  tx: DbOrTx,
  series: "INV" | "CN",
  fy: string,
): Promise<{ seq: number; number: string }> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ series, fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.series, taxDocumentCounters.fy],
      set: { lastNumber: sql`${taxDocumentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: taxDocumentCounters.lastNumber });
  const seq = row!.lastNumber;
  return { seq, number: documentNumber(series, fy, seq) };
}

// ---------------------------------------------------------------- parties

/** The store's GST state: its address's state, else its GSTIN's first two digits. */
export function storeStateOf(store: StoreSettings): { code: string; name: string } | null {
  const byName = gstStateByName(store.address.state);
  if (byName) return byName;
  const byGstin = gstStateByCode(store.gstin.slice(0, 2));
  return byGstin ? { code: byGstin.code, name: byGstin.name } : null;
}

function sellerOf(store: StoreSettings): Party {
  const state = storeStateOf(store);
  const a = store.address;
  return {
    name: store.name,
    legalName: store.legalName,
    lines: [a.line1, a.line2, [a.city, a.pincode].filter(Boolean).join(" - "), a.state].filter(
      (line) => line && line.trim() !== "",
    ),
    stateCode: state?.code ?? null,
    stateName: state?.name ?? null,
    gstin: store.gstin.trim() || null,
    phone: store.phone,
    email: store.email,
  };
}

type OrderRow = typeof orders.$inferSelect;

/** The place of supply: the delivery address's state, else its PIN's, else none known. */
async function deliveryStateOf(
  tx: DbOrTx,
  order: OrderRow,
): Promise<{ code: string; name: string } | null> {
  const shipping = order.shippingAddress as { state?: unknown } | null;
  if (shipping && typeof shipping.state === "string") {
    const state = gstStateByName(shipping.state);
    if (state) return state;
  }
  const byName = GST_STATES.find((s) =>
    order.address.toLowerCase().includes(`, ${s.name.toLowerCase()},`),
  );
  if (byName) return { code: byName.code, name: byName.name };
  const pin = pincodeInAddress(order.address);
  if (pin) {
    const [row] = await tx
      .select({ stateCode: pincodes.stateCode })
      .from(pincodes)
      .where(eq(pincodes.pin, pin));
    const state = row ? gstStateByCode(row.stateCode) : undefined;
    if (state) return { code: state.code, name: state.name };
  }
  return null;
}

function buyerOf(order: OrderRow, state: { code: string; name: string } | null): Party {
  return {
    name: order.customerName,
    lines: [order.address],
    stateCode: state?.code ?? null,
    stateName: state?.name ?? null,
    gstin: order.buyerGstin,
    phone: order.customerPhone,
    email: order.customerEmail,
  };
}

// ---------------------------------------------------------------- issuing

async function writeDocument(
  tx: DbOrTx,
  doc: Omit<TaxDocument, "id" | "orderNumber" | "orderDate" | "invoice"> & {
    invoiceId: string | null;
    seq: number;
  },
): Promise<string> {
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: doc.kind,
      number: doc.number,
      fy: doc.fy,
      seq: doc.seq,
      orderId: doc.orderId,
      invoiceId: doc.invoiceId,
      issuedAt: doc.issuedAt,
      seller: doc.seller,
      buyer: doc.buyer,
      placeOfSupply: doc.placeOfSupply.code,
      intraState: doc.intraState,
      taxablePaise: doc.taxablePaise,
      cgstPaise: doc.cgstPaise,
      sgstPaise: doc.sgstPaise,
      igstPaise: doc.igstPaise,
      totalPaise: doc.totalPaise,
    })
    .returning({ id: taxDocuments.id });
  const id = row!.id;
  if (doc.lines.length > 0) {
    await tx
      .insert(taxDocumentLines)
      .values(doc.lines.map((line) => ({ documentId: id, ...line })));
  }
  return id;
}

const sum = (lines: TaxLine[], key: keyof TaxLine) =>
  lines.reduce((total, line) => total + (line[key] as number), 0);

/** The order's invoice not yet reversed by a credit note, if any. */
async function openInvoiceOf(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.kind, "invoice"),
        sql`not exists (select 1 from tax_documents cn where cn.invoice_id = ${taxDocuments.id})`,
      ),
    )
    .orderBy(desc(taxDocuments.issuedAt))
    .limit(1);
  return row;
}

/**
 * Issues the order's tax invoice (in the caller's transaction; the order should be locked). Does
 * nothing and returns the open invoice's number when it has one.
 */
export async function issueInvoiceForOrder(
  tx: DbOrTx,
  orderId: string,
  now: Date,
): Promise<string> {
  const open = await openInvoiceOf(tx, orderId);
  if (open) return open.number;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const items = await tx
    .select({
      title: orderItems.title,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      pricePaise: orderItems.pricePaise,
      discountPaise: orderItems.discountPaise,
      hsnCode: products.hsnCode,
      taxClass: products.taxClass,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(
      asc(orderItems.title),
      asc(orderItems.size),
      asc(orderItems.color),
      asc(orderItems.id),
    );

  const store = await getStoreSettings(tx);
  const seller = sellerOf(store);
  const deliveryState = await deliveryStateOf(tx, order);
  // No state known for the delivery (an old free-text address): the supply is taken as made in
  // the store's own state.
  const placeOfSupply =
    deliveryState ??
    (seller.stateCode
      ? { code: seller.stateCode, name: seller.stateName! }
      : { code: "27", name: "Maharashtra" });
  const intraState = seller.stateCode === placeOfSupply.code;
  const onDate = indiaDate(now);
  // A deleted product's item keeps the defaults of the products table (apparel, HSN 6211).
  const slabs = await slabsOf(tx, [...new Set(items.map((i) => i.taxClass ?? "apparel"))]);

  const lines: TaxLine[] = items.map((item, i) => {
    // Coupons (record 0047): the line's share of the discount (allocated at placement by largest
    // remainder) comes off its value, and the rate slab is judged on the discounted piece price.
    const value = item.pricePaise * item.quantity - item.discountPaise;
    const rateBp = rateFor(
      slabs.get(item.taxClass ?? "apparel") ?? [],
      onDate,
      item.discountPaise > 0 ? value / item.quantity : item.pricePaise,
    );
    const details = [item.size && `Size ${item.size}`, item.color].filter(Boolean).join(", ");
    const discount =
      item.discountPaise > 0
        ? `, less coupon discount ${formatRupees(item.discountPaise / 100)}`
        : "";
    return {
      position: i + 1,
      description: `${details ? `${item.title} (${details})` : item.title}${discount}`,
      hsn: item.hsnCode ?? "6211",
      quantity: item.quantity,
      unitPricePaise: item.pricePaise,
      rateBp,
      ...splitInclusive(value, rateBp, intraState),
    };
  });
  // Shipping and the COD fee are part of a composite supply whose principal supply is the goods:
  // taxed at the highest rate among them (CGST Act s. 8(a); record 0037).
  const chargeRate = Math.max(0, ...lines.map((l) => l.rateBp));
  const charges: Array<[string, number]> = [
    ["Shipping charges", order.shippingPaise],
    ["Cash-on-delivery fee", order.codFeePaise],
  ];
  for (const [description, paise] of charges) {
    if (paise <= 0) continue;
    lines.push({
      position: lines.length + 1,
      description,
      hsn: CHARGES_SAC,
      quantity: 1,
      unitPricePaise: paise,
      rateBp: chargeRate,
      ...splitInclusive(paise, chargeRate, intraState),
    });
  }

  const fy = financialYearOf(now);
  const { seq, number } = await nextDocumentNumber(tx, "INV", fy);
  await writeDocument(tx, {
    kind: "invoice",
    number,
    fy,
    seq,
    issuedAt: now,
    orderId,
    invoiceId: null,
    seller,
    buyer: buyerOf(order, deliveryState),
    placeOfSupply,
    intraState,
    lines,
    taxablePaise: sum(lines, "taxablePaise"),
    cgstPaise: sum(lines, "cgstPaise"),
    sgstPaise: sum(lines, "sgstPaise"),
    igstPaise: sum(lines, "igstPaise"),
    totalPaise: sum(lines, "totalPaise"),
  });
  await tx.update(orders).set({ taxInvoiceNumber: number }).where(eq(orders.id, orderId));
  return number;
}

/**
 * Issues a credit note reversing the order's open invoice in full (cancelled or returned after
 * it shipped), in the caller's transaction. Returns its number, or null when the order has no
 * open invoice (never shipped, or already credited).
 */
export async function issueCreditNoteForOrder(
  tx: DbOrTx,
  orderId: string,
  now: Date,
): Promise<string | null> {
  const invoice = await openInvoiceOf(tx, orderId);
  if (!invoice) return null;
  const lines = await tx
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, invoice.id))
    .orderBy(asc(taxDocumentLines.position));
  const fy = financialYearOf(now);
  const { seq, number } = await nextDocumentNumber(tx, "CN", fy);
  const state = gstStateByCode(invoice.placeOfSupply);
  await writeDocument(tx, {
    kind: "credit_note",
    number,
    fy,
    seq,
    issuedAt: now,
    orderId,
    invoiceId: invoice.id,
    // The parties as the invoice named them: a credit note corrects that document.
    seller: invoice.seller as Party,
    buyer: invoice.buyer as Party,
    placeOfSupply: { code: invoice.placeOfSupply, name: state?.name ?? invoice.placeOfSupply },
    intraState: invoice.intraState,
    lines: lines.map(({ documentId: _, ...line }) => line),
    taxablePaise: invoice.taxablePaise,
    cgstPaise: invoice.cgstPaise,
    sgstPaise: invoice.sgstPaise,
    igstPaise: invoice.igstPaise,
    totalPaise: invoice.totalPaise,
  });
  await tx.update(orders).set({ creditNoteNumber: number }).where(eq(orders.id, orderId));
  return number;
}

/** Statuses after dispatch that need an invoice, and those that reverse it. */
const INVOICED_STATUSES: readonly string[] = ["shipped", "delivered"];
const REVERSING_STATUSES: readonly string[] = ["cancelled", "returned"];

/**
 * The one call from a status change (orders/index.ts applyChange), inside its transaction: an
 * order now shipped (or delivered) gets its invoice, one now cancelled or returned after being
 * invoiced its credit note. Returns the number issued, if any.
 */
export async function recordTaxDocuments(
  tx: DbOrTx,
  orderId: string,
  status: string,
  now: Date,
): Promise<string | null> {
  if (INVOICED_STATUSES.includes(status)) {
    const open = await openInvoiceOf(tx, orderId);
    return open ? null : issueInvoiceForOrder(tx, orderId, now);
  }
  if (REVERSING_STATUSES.includes(status)) return issueCreditNoteForOrder(tx, orderId, now);
  return null;
}

/** The state named in a delivery address: a state's own name, or one between its commas. */
function stateInAddress(text: string): { code: string; name: string } | undefined {
  const exact = gstStateByName(text);
  if (exact) return exact;
  const parts = text.split(",").map((p) => p.trim().toLowerCase());
  const found = GST_STATES.find((s) => parts.includes(s.name.toLowerCase()));
  return found ? { code: found.code, name: found.name } : undefined;
}

/**
 * The checkout's buyer GSTIN (record 0037): registered in the delivery state (the PIN's state,
 * else the state the address names). Throws a 400 on the buyerGstin field when not.
 */
export function assertBuyerGstin(
  gstin: string | undefined,
  pinState: { code: string; name: string } | null | undefined,
  address: string,
): void {
  if (!gstin) return;
  const state = pinState ?? stateInAddress(address);
  const problem = gstinProblem(gstin, state ?? undefined);
  if (problem) throw ValidationError.field("buyerGstin", problem);
}

// ---------------------------------------------------------------- reading

/**
 * The order's latest document of this kind. With `userId`, only when the order is that
 * shopper's: anybody else's order answers 404, as one that does not exist.
 */
export async function getTaxDocument(
  db: DbOrTx,
  orderId: string,
  kind: TaxDocumentKind,
  userId?: string,
): Promise<TaxDocument> {
  if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  const [order] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || (userId !== undefined && order.userId !== userId)) {
    throw new NotFoundError(ORDER_MESSAGES.notFound);
  }
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)))
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.seq))
    .limit(1);
  if (!row) {
    throw new NotFoundError(
      kind === "invoice" ? GST_MESSAGES.invoiceNotIssued : GST_MESSAGES.creditNoteNotIssued,
    );
  }
  const lines = await db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, row.id))
    .orderBy(asc(taxDocumentLines.position));
  let invoice: TaxDocument["invoice"] = null;
  if (row.invoiceId) {
    const [inv] = await db
      .select({ number: taxDocuments.number, issuedAt: taxDocuments.issuedAt })
      .from(taxDocuments)
      .where(eq(taxDocuments.id, row.invoiceId));
    invoice = inv ?? null;
  }
  const state = gstStateByCode(row.placeOfSupply);
  return {
    id: row.id,
    kind: row.kind as TaxDocumentKind,
    number: row.number,
    fy: row.fy,
    issuedAt: row.issuedAt,
    orderId: row.orderId,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    invoice,
    seller: row.seller as Party,
    buyer: row.buyer as Party,
    placeOfSupply: { code: row.placeOfSupply, name: state?.name ?? row.placeOfSupply },
    intraState: row.intraState,
    lines: lines.map(({ documentId: _, ...line }) => line),
    taxablePaise: row.taxablePaise,
    cgstPaise: row.cgstPaise,
    sgstPaise: row.sgstPaise,
    igstPaise: row.igstPaise,
    totalPaise: row.totalPaise,
  };
}

// ---------------------------------------------------------------- the store's tax settings

/** The invoicing part of the store settings, as the admin's form shows it. */
export async function getTaxSettings(db: DbOrTx): Promise<TaxSettings> {
  const store = await getStoreSettings(db);
  return {
    legalName: store.legalName,
    address: {
      line1: store.address.line1,
      line2: store.address.line2,
      city: store.address.city,
      state: store.address.state,
      pincode: store.address.pincode,
    },
    gstin: store.gstin,
  };
}

/**
 * Saves the legal name, address, state and GSTIN (already checked by taxSettingsSchema; checked
 * again here, so no caller can store a GSTIN of another state). Issued documents keep theirs.
 */
export async function updateTaxSettings(
  db: DbOrTx,
  input: TaxSettings,
  actorId?: string,
): Promise<TaxSettings> {
  const state = gstStateByName(input.address.state);
  if (!state) throw ValidationError.field("address.state", GST_MESSAGES.state);
  const problem = gstinProblem(input.gstin, state);
  if (problem) throw ValidationError.field("gstin", problem);
  await ensureStoreSettings(db);
  await db.transaction(async (tx) => {
    await withActivityContext(tx, { actorId, reason: "admin edit" });
    const [row] = await tx
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for("update");
    const current = (row?.data ?? {}) as Record<string, unknown>;
    const address = (
      current.address && typeof current.address === "object" ? current.address : {}
    ) as Record<string, unknown>;
    const data = {
      ...current,
      legalName: input.legalName,
      gstin: input.gstin,
      address: {
        country: "India",
        ...address,
        line1: input.address.line1,
        line2: input.address.line2,
        city: input.address.city,
        state: state.name,
        pincode: input.address.pincode,
      },
    };
    await tx
      .update(storeSettings)
      .set({ data, updatedAt: new Date() })
      .where(eq(storeSettings.id, 1));
  });
  return getTaxSettings(db);
}
