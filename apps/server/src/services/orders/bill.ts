/**
 * The shipping bill as a real PDF (decisions.md §8), made with pdfkit: one A4 page (more when the
 * items run over) holding what the bill page shows, and a Code 128 barcode of the order number
 * encoded by bwip-js and drawn as vector bars, so it scans at any zoom. DejaVu Sans is embedded
 * because the PDF standard fonts have no ₹ sign.
 */
import {
  BILL_HANDLING_INSTRUCTIONS,
  billFileName,
  formatBillDate,
  type Order,
  paymentMethodLabel,
  type StoreSettings,
  shipFromLines,
  shipToLines,
  statusLabel,
} from "@vastra/contracts";
import bwipjs from "bwip-js/node";
import type PDFKit from "pdfkit";
import type { DbOrTx } from "../../db/client.ts";
import { pdfOutput } from "../pdf-output.ts";
import { getStoreSettings } from "../store-settings.ts";
import { chargeRows, formatRupees } from "./emails.ts";
import { getOrder } from "./index.ts";

const A4_MARGIN = 40;
const INK = "#111111";
const MUTED = "#555555";
const RULE = "#999999";

type Doc = InstanceType<typeof PDFKit>;

/** The bars of a Code 128 symbol: bwip-js's space/bar widths (in modules), bar first. */
function code128Bars(text: string): number[] {
  const [symbol] = bwipjs.raw("code128", text, "") as Array<{ sbs: number[] }>;
  if (!symbol) throw new Error("bwip-js returned no Code 128 symbol");
  return symbol.sbs;
}

/**
 * Draws the barcode with its human-readable text centred under it, inside [x, x + width]; returns
 * the height used. Module width is chosen so the symbol plus 10-module quiet zones fits.
 */
function drawBarcode(doc: Doc, text: string, x: number, y: number, width: number): number {
  const sbs = code128Bars(text);
  const modules = sbs.reduce((sum, w) => sum + w, 0);
  const quiet = 10;
  const module = Math.min(1.5, width / (modules + 2 * quiet));
  const barHeight = 42;
  const symbolWidth = modules * module;
  let cursor = x + (width - symbolWidth) / 2;
  doc.save().fillColor("#000000");
  sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cursor, y, w * module, barHeight).fill();
    cursor += w * module;
  });
  doc.restore();
  doc
    .font("bold")
    .fontSize(10)
    .fillColor(INK)
    .text(text, x, y + barHeight + 4, { width, align: "center", characterSpacing: 1 });
  return barHeight + 18;
}

/** A labelled block of lines, to be framed by the caller (frame); returns its height. */
function drawBox(
  doc: Doc,
  title: string,
  lines: Array<{ text: string; bold?: boolean }>,
  x: number,
  y: number,
  width: number,
): number {
  const pad = 8;
  doc.font("bold").fontSize(8).fillColor(MUTED);
  doc.text(title.toUpperCase(), x + pad, y + pad, {
    width: width - 2 * pad,
    characterSpacing: 0.6,
  });
  let cursor = doc.y + 3;
  for (const line of lines) {
    doc
      .font(line.bold ? "bold" : "regular")
      .fontSize(line.bold ? 11 : 9.5)
      .fillColor(INK)
      .text(line.text, x + pad, cursor, { width: width - 2 * pad });
    cursor = doc.y + 1;
  }
  return cursor - y + pad - 1;
}

/** A rule-bordered frame. */
function frame(doc: Doc, x: number, y: number, width: number, height: number): void {
  doc.lineWidth(0.8).strokeColor(RULE).rect(x, y, width, height).stroke();
}

export type BillOptions = {
  /** Printed in the footer ('Generated on …'). */
  generatedAt?: Date;
};

/** The bill of one order as PDF bytes. */
export async function renderShippingBill(
  order: Order,
  store: StoreSettings,
  options: BillOptions = {},
): Promise<Buffer> {
  // pdfkit is loaded with the first bill rather than at start-up (issue #11, record 0054).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: A4_MARGIN,
    info: {
      Title: `Shipping bill ${order.orderNumber}`,
      Author: store.name,
      Subject: `Shipping bill for order ${order.orderNumber}`,
    },
  });
  const done = pdfOutput(doc);

  const left = A4_MARGIN;
  const width = doc.page.width - 2 * A4_MARGIN;
  const bottom = () => doc.page.height - A4_MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc
        .font("regular")
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(`Shipping bill ${order.orderNumber} (continued)`, left, A4_MARGIN, { width });
      doc.y = A4_MARGIN + 18;
    }
  };

  // ---- heading: store and title on the left, the barcode on the right
  const barcodeWidth = 220;
  doc.font("bold").fontSize(20).fillColor(INK).text(store.name, left, A4_MARGIN);
  doc.font("bold").fontSize(13).text("Shipping bill");
  doc.moveDown(0.3);
  doc.font("regular").fontSize(10).fillColor(MUTED).text("Order number", { continued: true });
  doc.font("bold").fillColor(INK).text(`  ${order.orderNumber}`);
  doc.font("regular").fillColor(MUTED).text("Order date", { continued: true });
  doc
    .font("regular")
    .fillColor(INK)
    .text(`  ${formatBillDate(order.createdAt)}`);
  const headingBottom = doc.y;
  doc
    .font("bold")
    .fontSize(7.5)
    .fillColor(MUTED)
    .text("TRACKING CODE", left + width - barcodeWidth, A4_MARGIN, {
      width: barcodeWidth,
      align: "center",
      characterSpacing: 0.6,
    });
  const barcodeHeight = drawBarcode(
    doc,
    order.orderNumber,
    left + width - barcodeWidth,
    A4_MARGIN + 12,
    barcodeWidth,
  );
  doc.y = Math.max(headingBottom, A4_MARGIN + 12 + barcodeHeight) + 12;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  doc.y += 12;

  // ---- ship to / ship from
  const half = (width - 12) / 2;
  const boxesTop = doc.y;
  const shipTo = [
    { text: order.user.name, bold: true },
    ...shipToLines(order).map((text) => ({ text })),
    { text: `Phone: ${order.user.phone}` },
    { text: `E-mail: ${order.user.email}` },
  ];
  const shipFrom = [
    { text: store.legalName, bold: true },
    ...shipFromLines(store).map((text) => ({ text })),
    { text: `Phone: ${store.phone}` },
    { text: `E-mail: ${store.email}` },
    ...(store.gstin ? [{ text: `GSTIN: ${store.gstin}` }] : []),
  ];
  const h1 = drawBox(doc, "Ship to", shipTo, left, boxesTop, half);
  const h2 = drawBox(doc, "Ship from", shipFrom, left + half + 12, boxesTop, half);
  const boxHeight = Math.max(h1, h2);
  frame(doc, left, boxesTop, half, boxHeight);
  frame(doc, left + half + 12, boxesTop, half, boxHeight);
  doc.y = boxesTop + boxHeight + 12;

  // ---- status, payment status, payment method
  const third = (width - 24) / 3;
  const factsTop = doc.y;
  const facts: Array<[string, string]> = [
    ["Order status", statusLabel(order.status)],
    ["Payment status", statusLabel(order.paymentStatus)],
    ["Payment method", paymentMethodLabel(order.paymentMethod)],
  ];
  const factHeights = facts.map(([title, value], i) =>
    drawBox(doc, title, [{ text: value, bold: true }], left + i * (third + 12), factsTop, third),
  );
  const factHeight = Math.max(...factHeights);
  for (let i = 0; i < facts.length; i++) {
    frame(doc, left + i * (third + 12), factsTop, third, factHeight);
  }
  doc.y = factsTop + factHeight + 14;

  // ---- items
  const columns = [
    { title: "#", width: 22, align: "left" as const },
    { title: "Item", width: width - 22 - 70 - 40 - 80 - 90, align: "left" as const },
    { title: "Size", width: 70, align: "left" as const },
    { title: "Qty", width: 40, align: "right" as const },
    { title: "Price", width: 80, align: "right" as const },
    { title: "Line total", width: 90, align: "right" as const },
  ];
  const row = (cells: string[], font: "regular" | "bold", shade: boolean) => {
    doc.font(font).fontSize(9.5);
    const heights = cells.map((cell, i) =>
      doc.heightOfString(cell, { width: columns[i]!.width - 8 }),
    );
    const height = Math.max(...heights) + 8;
    ensure(height);
    const top = doc.y;
    if (shade) doc.rect(left, top, width, height).fillColor("#eeeeee").fill();
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc
        .font(font)
        .fontSize(9.5)
        .fillColor(INK)
        .text(cell, x + 4, top + 4, { width: column.width - 8, align: column.align });
      x += column.width;
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = top + height;
  };
  doc.font("bold").fontSize(11).fillColor(INK).text("Items", left, doc.y);
  doc.y += 4;
  row(
    columns.map((c) => c.title),
    "bold",
    true,
  );
  order.items.forEach((item, i) => {
    const title = item.color ? `${item.title} (${item.color})` : item.title;
    row(
      [
        String(i + 1),
        title,
        item.size,
        String(item.quantity),
        formatRupees(item.price),
        formatRupees(item.price * item.quantity),
      ],
      "regular",
      false,
    );
  });
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  ensure(24);
  doc.y += 6;
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${units} ${units === 1 ? "unit" : "units"}`, left, doc.y, { continued: false });
  doc.y -= doc.currentLineHeight();
  // Subtotal, shipping (or Free) and the COD fee above the total (record 0036).
  const charges = chargeRows(order);
  ensure(16 * charges.length);
  for (const [label, value] of charges.slice(0, -1)) {
    doc
      .font("regular")
      .fontSize(10)
      .fillColor(INK)
      .text(`${label}  ${value}`, left, doc.y, { width, align: "right" });
  }
  doc
    .font("bold")
    .fontSize(12)
    .fillColor(INK)
    .text(`Total  ${formatRupees(order.totalAmount)}`, left, doc.y, { width, align: "right" });
  doc.y += 14;

  // ---- handling instructions
  ensure(90);
  doc.font("bold").fontSize(11).fillColor(INK).text("Handling instructions", left, doc.y);
  doc.y += 2;
  doc.font("regular").fontSize(9.5).fillColor(INK);
  doc.list([...BILL_HANDLING_INSTRUCTIONS], left + 4, doc.y, {
    width: width - 4,
    bulletRadius: 1.8,
    textIndent: 12,
  });
  doc.y += 12;

  // ---- the store's contact; the order's notes are the store's own and never printed (record 0039)
  ensure(60);
  doc.font("bold").fontSize(11).fillColor(INK).text("Questions about this parcel?", left, doc.y);
  doc.y += 2;
  doc
    .font("regular")
    .fontSize(9.5)
    .text(`Contact ${store.name}: ${store.phone} · ${store.email}`, left, doc.y, { width });
  doc.y += 16;

  // ---- signature boxes
  const signatures = ["Packed by", "Dispatched by", "Received by (customer)"];
  const boxH = 70;
  ensure(boxH + 10);
  const sigTop = doc.y;
  signatures.forEach((label, i) => {
    const x = left + i * (third + 12);
    frame(doc, x, sigTop, third, boxH);
    doc
      .font("regular")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, x + 8, sigTop + 6, { width: third - 16 });
    doc
      .moveTo(x + 8, sigTop + boxH - 20)
      .lineTo(x + third - 8, sigTop + boxH - 20)
      .lineWidth(0.5)
      .stroke();
    doc.text("Signature and date", x + 8, sigTop + boxH - 16, { width: third - 16 });
  });
  doc.y = sigTop + boxH + 10;

  // ---- footer
  const generated = options.generatedAt ?? new Date();
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `${store.legalName} · ${store.email} · Bill generated ${formatBillDate(generated.toISOString())}`,
      left,
      doc.y,
      { width, align: "center" },
    );

  doc.end();
  return done;
}

/** GET /api/orders/{id}/bill.pdf: the order's bill and its file name (NotFoundError when none). */
export async function shippingBillPdf(
  db: DbOrTx,
  orderId: string,
  options: BillOptions = {},
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await getOrder(db, orderId);
  const store = await getStoreSettings(db);
  return {
    fileName: billFileName(order.orderNumber),
    pdf: await renderShippingBill(order, store, options),
  };
}
