/**
 * What every PDF the server makes shares (the shipping bill, tax invoices and credit notes):
 * DejaVu Sans as "regular" and "bold" (its ₹ and Indian scripts' punctuation render, unlike the
 * standard PDF fonts), and the document's bytes collected as it is written.
 */
import { createRequire } from "node:module";
import type PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/** Registers the fonts; resolves with the whole file once `doc.end()` has been called. */
export function pdfOutput(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  doc.registerFont("regular", FONT_REGULAR);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
