/**
 * A tax invoice or credit note as an A4 PDF (record 0037), drawn with pdfkit like the shipping
 * bill (orders/bill.ts): DejaVu Sans embedded for the ₹ sign. It holds what rule 46 of the CGST
 * Rules asks of a tax invoice: the supplier's name, address and GSTIN; a consecutive number of at
 * most 16 characters unique in the financial year; the date; the recipient's name and address
 * (and GSTIN when registered); HSN codes; description, quantity, taxable value, rate and amount
 * of each tax; the place of supply with its state; and the supplier's signature line.
 */
import { taxDocumentFileName } from "@vastra/contracts";
import type PDFKit from "pdfkit";
import type { DbOrTx } from "../../db/client.ts";
import { formatRupees } from "../orders/emails.ts";
import { pdfOutput } from "../pdf-output.ts";
import { percent } from "./calc.ts";
import { CHARGES_SAC, getTaxDocument, type Party, type TaxDocument } from "./index.ts";
import { rupeesInWords } from "./words.ts";

const MARGIN = 36;
const INK = "#111111";
const MUTED = "#555555";
const RULE = "#888888";
const SHADE = "#eeeeee";

type Doc = InstanceType<typeof PDFKit>;

const money = (paise: number) => formatRupees(paise / 100);

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
/** 26 Nov 2026, India's calendar. */
const indianDate = (at: Date) => dateFormat.format(at);

/** Label: value lines of a block, bold first line. */
function block(
  doc: Doc,
  title: string,
  lines: Array<{ text: string; bold?: boolean }>,
  x: number,
  y: number,
  width: number,
): number {
  const pad = 6;
  doc
    .font("bold")
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(title.toUpperCase(), x + pad, y + pad, { width: width - 2 * pad, characterSpacing: 0.5 });
  let cursor = doc.y + 2;
  for (const line of lines) {
    doc
      .font(line.bold ? "bold" : "regular")
      .fontSize(line.bold ? 9.5 : 8.5)
      .fillColor(INK)
      .text(line.text, x + pad, cursor, { width: width - 2 * pad });
    cursor = doc.y + 1;
  }
  return cursor - y + pad - 1;
}

function frame(doc: Doc, x: number, y: number, width: number, height: number): void {
  doc.lineWidth(0.7).strokeColor(RULE).rect(x, y, width, height).stroke();
}

function stateLine(party: Party): string {
  return party.stateName ? `State: ${party.stateName}, Code: ${party.stateCode}` : "State: —";
}

/** The document as PDF bytes. */
export async function renderTaxDocument(docData: TaxDocument): Promise<Buffer> {
  // pdfkit is loaded with the first document rather than at start-up (issue #11, record 0054).
  const { default: PDFDocument } = await import("pdfkit");
  const isInvoice = docData.kind === "invoice";
  const title = isInvoice ? "TAX INVOICE" : "CREDIT NOTE";
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${isInvoice ? "Tax invoice" : "Credit note"} ${docData.number}`,
      Author: docData.seller.legalName ?? docData.seller.name,
      Subject: `${isInvoice ? "Tax invoice" : "Credit note"} for order ${docData.orderNumber}`,
    },
  });
  const done = pdfOutput(doc);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc
        .font("regular")
        .fontSize(8)
        .fillColor(MUTED)
        .text(`${title} ${docData.number} (continued)`, left, MARGIN, { width });
      doc.y = MARGIN + 16;
    }
  };

  // ---- title
  doc
    .font("bold")
    .fontSize(15)
    .fillColor(INK)
    .text(title, left, MARGIN, { width, align: "center" });
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      isInvoice
        ? "Original for recipient · Prices include GST"
        : `Issued against tax invoice ${docData.invoice?.number ?? ""}`,
      left,
      doc.y + 1,
      { width, align: "center" },
    );
  doc.y += 8;

  // ---- supplier (left) and document facts (right)
  const seller = docData.seller;
  const half = width / 2;
  const top = doc.y;
  const hSeller = block(
    doc,
    "Supplier",
    [
      { text: seller.legalName ?? seller.name, bold: true },
      ...(seller.legalName && seller.legalName !== seller.name
        ? [{ text: `Trading as ${seller.name}` }]
        : []),
      ...seller.lines.map((text) => ({ text })),
      { text: `GSTIN: ${seller.gstin ?? "—"}`, bold: true },
      { text: stateLine(seller) },
      ...(seller.phone || seller.email
        ? [{ text: [seller.phone, seller.email].filter(Boolean).join(" · ") }]
        : []),
    ],
    left,
    top,
    half,
  );
  const facts: Array<{ text: string; bold?: boolean }> = [
    { text: `${isInvoice ? "Invoice" : "Credit note"} no.: ${docData.number}`, bold: true },
    { text: `Date: ${indianDate(docData.issuedAt)}` },
    ...(docData.invoice
      ? [
          {
            text: `Against invoice: ${docData.invoice.number} dated ${indianDate(docData.invoice.issuedAt)}`,
          },
        ]
      : []),
    { text: `Order no.: ${docData.orderNumber} dated ${indianDate(docData.orderDate)}` },
    {
      text: `Place of supply: ${docData.placeOfSupply.name} (${docData.placeOfSupply.code})`,
      bold: true,
    },
    { text: `Supply: ${docData.intraState ? "Intra-state (CGST + SGST)" : "Inter-state (IGST)"}` },
    { text: "Tax payable on reverse charge: No" },
    { text: `Invoice type: ${docData.buyer.gstin ? "B2B" : "B2C"}` },
  ];
  const hFacts = block(doc, "Document", facts, left + half, top, half);
  const h1 = Math.max(hSeller, hFacts);
  frame(doc, left, top, half, h1);
  frame(doc, left + half, top, half, h1);
  doc.y = top + h1;

  // ---- recipient
  const buyer = docData.buyer;
  const buyerTop = doc.y;
  const hBuyer = block(
    doc,
    "Bill to / ship to (recipient)",
    [
      { text: buyer.name, bold: true },
      ...buyer.lines.map((text) => ({ text })),
      { text: `GSTIN: ${buyer.gstin ?? "Unregistered"}`, bold: Boolean(buyer.gstin) },
      { text: stateLine(buyer) },
      ...(buyer.phone ? [{ text: `Phone: ${buyer.phone}` }] : []),
    ],
    left,
    buyerTop,
    width,
  );
  frame(doc, left, buyerTop, width, hBuyer);
  doc.y = buyerTop + hBuyer + 10;

  // ---- the lines
  const intra = docData.intraState;
  type Column = { title: string; width: number; align: "left" | "right" | "center" };
  const fixed: Column[] = [
    { title: "HSN/SAC", width: 44, align: "center" },
    { title: "Qty", width: 26, align: "right" },
    { title: "Unit price (incl. GST)", width: 62, align: "right" },
    { title: "Taxable value", width: 64, align: "right" },
    ...(intra
      ? [
          { title: "CGST", width: 58, align: "right" as const },
          { title: "SGST", width: 58, align: "right" as const },
        ]
      : [{ title: "IGST", width: 70, align: "right" as const }]),
    { title: "Total", width: 64, align: "right" },
  ];
  const used = 18 + fixed.reduce((s, c) => s + c.width, 0);
  const columns: Column[] = [
    { title: "#", width: 18, align: "left" },
    { title: "Description", width: width - used, align: "left" },
    ...fixed,
  ];
  const row = (cells: string[], font: "regular" | "bold", shade: boolean) => {
    doc.font(font).fontSize(8);
    const height =
      Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - 6 }))) + 8;
    ensure(height);
    const y = doc.y;
    if (shade) doc.rect(left, y, width, height).fillColor(SHADE).fill();
    let x = left;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc
        .font(font)
        .fontSize(8)
        .fillColor(INK)
        .text(cell, x + 3, y + 4, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + height;
  };
  row(
    columns.map((c) => c.title),
    "bold",
    true,
  );
  for (const line of docData.lines) {
    const taxCells = intra
      ? [
          `${percent(line.rateBp / 2)}\n${money(line.cgstPaise)}`,
          `${percent(line.rateBp / 2)}\n${money(line.sgstPaise)}`,
        ]
      : [`${percent(line.rateBp)}\n${money(line.igstPaise)}`];
    row(
      [
        String(line.position),
        line.description,
        line.hsn,
        String(line.quantity),
        money(line.unitPricePaise),
        money(line.taxablePaise),
        ...taxCells,
        money(line.totalPaise),
      ],
      "regular",
      false,
    );
  }
  row(
    [
      "",
      "Total",
      "",
      String(
        docData.lines.filter((l) => l.hsn !== CHARGES_SAC).reduce((s, l) => s + l.quantity, 0),
      ),
      "",
      money(docData.taxablePaise),
      ...(intra
        ? [money(docData.cgstPaise), money(docData.sgstPaise)]
        : [money(docData.igstPaise)]),
      money(docData.totalPaise),
    ],
    "bold",
    true,
  );
  doc.y += 8;

  // ---- tax summary by HSN and rate (what GSTR-1's HSN table wants)
  const summary = new Map<string, { hsn: string; rateBp: number; taxable: number; tax: number }>();
  for (const line of docData.lines) {
    const key = `${line.hsn}|${line.rateBp}`;
    const entry = summary.get(key) ?? { hsn: line.hsn, rateBp: line.rateBp, taxable: 0, tax: 0 };
    entry.taxable += line.taxablePaise;
    entry.tax += line.cgstPaise + line.sgstPaise + line.igstPaise;
    summary.set(key, entry);
  }
  ensure(20 + 14 * summary.size);
  doc.font("bold").fontSize(8.5).fillColor(INK).text("Tax summary by HSN/SAC", left, doc.y);
  doc.y += 2;
  for (const entry of summary.values()) {
    doc
      .font("regular")
      .fontSize(8)
      .text(
        `${entry.hsn} at ${percent(entry.rateBp)}${intra ? ` (CGST ${percent(entry.rateBp / 2)} + SGST ${percent(entry.rateBp / 2)})` : " IGST"}: taxable ${money(entry.taxable)}, tax ${money(entry.tax)}`,
        left,
        doc.y,
        { width },
      );
  }
  doc.y += 8;

  // ---- totals and words
  ensure(90);
  const totalsTop = doc.y;
  const totals: Array<[string, string]> = [
    ["Taxable value", money(docData.taxablePaise)],
    ...(intra
      ? ([
          ["CGST", money(docData.cgstPaise)],
          ["SGST", money(docData.sgstPaise)],
        ] as Array<[string, string]>)
      : ([["IGST", money(docData.igstPaise)]] as Array<[string, string]>)),
    [isInvoice ? "Invoice total" : "Credit note total", money(docData.totalPaise)],
  ];
  const totalsWidth = 200;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    doc
      .font(last ? "bold" : "regular")
      .fontSize(last ? 10.5 : 9)
      .fillColor(INK)
      .text(label, left + width - totalsWidth, doc.y, { width: 100, continued: false });
    doc.y -= doc.currentLineHeight(true);
    doc.text(value, left + width - 100, doc.y, { width: 100, align: "right" });
  });
  const totalsBottom = doc.y;
  doc.y = totalsTop;
  doc
    .font("bold")
    .fontSize(8)
    .fillColor(MUTED)
    .text("AMOUNT IN WORDS", left, doc.y, { width: width - totalsWidth - 16 });
  doc
    .font("bold")
    .fontSize(9)
    .fillColor(INK)
    .text(rupeesInWords(docData.totalPaise), left, doc.y + 2, { width: width - totalsWidth - 16 });
  doc.y = Math.max(doc.y, totalsBottom) + 14;

  // ---- declaration and signature
  ensure(80);
  const declTop = doc.y;
  doc
    .font("regular")
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      isInvoice
        ? "Declaration: we declare that this invoice shows the actual price of the goods described and that all particulars are true and correct. Prices are inclusive of GST; the tax shown is included in the total."
        : "This credit note reverses the tax invoice named above in full (the order was cancelled or returned after dispatch); the tax shown reduces the supplier's output tax.",
      left,
      declTop,
      { width: width / 2 },
    );
  const signX = left + width / 2 + 20;
  const signWidth = width / 2 - 20;
  doc
    .font("bold")
    .fontSize(8.5)
    .fillColor(INK)
    .text(`For ${seller.legalName ?? seller.name}`, signX, declTop, {
      width: signWidth,
      align: "right",
    });
  doc
    .moveTo(signX + signWidth - 150, declTop + 46)
    .lineTo(signX + signWidth, declTop + 46)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED)
    .text("Authorised signatory", signX, declTop + 50, { width: signWidth, align: "right" });
  doc.y = declTop + 70;
  doc
    .font("regular")
    .fontSize(7)
    .fillColor(MUTED)
    .text("This is a computer-generated document.", left, doc.y, { width, align: "center" });

  doc.end();
  return done;
}

/**
 * GET /api/orders/{id}/invoice.pdf and credit-note.pdf: the document and its file name. With
 * `userId`, only the order's own shopper gets it (404 for anybody else's order).
 */
export async function taxDocumentPdf(
  db: DbOrTx,
  orderId: string,
  kind: TaxDocument["kind"],
  userId?: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const document = await getTaxDocument(db, orderId, kind, userId);
  return {
    fileName: taxDocumentFileName(kind, document.number),
    pdf: await renderTaxDocument(document),
  };
}
