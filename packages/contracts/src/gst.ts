/**
 * GST (issue #14, record 0037): the GSTIN check (format, state code, mod-36 check character), the
 * products' tax classes and HSN codes, the admin's tax settings and the tax documents' names. The
 * same checks run in the browser's forms and on the server, so both say the same thing.
 */
import { GST_STATES, gstStateByCode } from "./pincode-messages.ts";
import { z } from "./zod.ts";

/** The GSTIN's alphabet: its check character is computed over these 36 (GSTN's mod-36 scheme). */
const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * State code (2 digits), PAN (5 letters, 4 digits, 1 letter), entity number (1-9 or a letter), Z,
 * check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** A product's HSN code: 4, 6 or 8 digits (4 suffice below ₹5 crore turnover; 6 above). */
export const HSN_PATTERN = /^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/;

/** The tax classes a product can have; their rates are data (tax_rates) with effective dates. */
export const TAX_CLASSES = ["apparel", "fabric"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  apparel: "Apparel (5% up to ₹2,500 a piece, 18% above)",
  fabric: "Fabric and sarees (5%)",
};

export const GST_MESSAGES = {
  gstinLength: "A GSTIN has 15 characters, e.g. 27AAPFU0939F1ZV",
  gstinFormat:
    "This is not a valid GSTIN: it is 2 digits (state code), the 10-character PAN, an entity number, Z and a check character",
  gstinState: (code: string) => `A GSTIN cannot start with ${code}: no state has that GST code`,
  gstinCheck: "This GSTIN's last character does not match: please check it for typing mistakes",
  gstinStateMismatch: (code: string, state: string) =>
    `This GSTIN is registered in state code ${code}${gstStateByCode(code) ? ` (${gstStateByCode(code)!.name})` : ""}, but the state chosen is ${state}`,
  state: "Please choose a state or union territory from the list",
  legalName: "Please enter the registered legal name",
  address: "Please enter the address line",
  city: "Please enter the city",
  pincode: "Please enter a valid 6-digit PIN code (it does not start with 0)",
  hsn: "An HSN code has 4, 6 or 8 digits",
  taxClass: "Please choose a tax class",
  saved: "Tax details saved",
  invoiceNotIssued: "This order has no tax invoice yet: one is issued when it ships",
  creditNoteNotIssued: "This order has no credit note",
} as const;

/** The check character of a GSTIN's first 14 characters (undefined when one is outside 0-9, A-Z). */
export function gstinCheckCharacter(first14: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14.charAt(i));
    if (value < 0) return undefined;
    // From the right: the 14th character is doubled, the 13th not, and so on (Luhn mod 36).
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** A GSTIN as typed: spaces dropped, upper case. */
export const normalizeGstin = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/**
 * What is wrong with a GSTIN (undefined when nothing): length, format, state code, check
 * character, and, given the state's code and name, whether it was registered there.
 */
export function gstinProblem(
  raw: string,
  state?: { code: string; name: string },
): string | undefined {
  const gstin = normalizeGstin(raw);
  if (gstin.length !== 15) return GST_MESSAGES.gstinLength;
  if (!GSTIN_PATTERN.test(gstin)) return GST_MESSAGES.gstinFormat;
  const code = gstin.slice(0, 2);
  // 97 (other territory) and 99 (centre jurisdiction) are GST codes too, but not for a shop.
  if (!gstStateByCode(code)) return GST_MESSAGES.gstinState(code);
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return GST_MESSAGES.gstinCheck;
  if (state && state.code !== code) return GST_MESSAGES.gstinStateMismatch(code, state.name);
  return undefined;
}

/** The state or UT with this name (any case), with its GST code. */
export function gstStateByName(name: string): { code: string; name: string } | undefined {
  const wanted = name.trim().toLowerCase();
  return GST_STATES.find((s) => s.name.toLowerCase() === wanted);
}

/** The optional GSTIN a business buyer gives at checkout: '' or absent means none. */
export const buyerGstinSchema = z
  .string()
  .max(40, GST_MESSAGES.gstinLength)
  .transform((v) => (v.trim() ? normalizeGstin(v) : undefined))
  .refine((v) => v === undefined || gstinProblem(v) === undefined, {
    error: (issue) => gstinProblem(String(issue.input ?? "")) ?? GST_MESSAGES.gstinFormat,
  })
  .optional();

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters`);

/** GET and PUT /api/admin/tax/settings: who issues the invoices, and where. */
export const taxSettingsSchema = z
  .object({
    legalName: text(200, GST_MESSAGES.legalName),
    address: z.object({
      line1: text(200, GST_MESSAGES.address),
      line2: z.string().trim().max(200, "Please keep this under 200 characters").default(""),
      city: text(100, GST_MESSAGES.city),
      /** One of the 36 states and UTs, as GST_STATES spells it. */
      state: z
        .string({ error: GST_MESSAGES.state })
        .trim()
        .transform((v) => gstStateByName(v)?.name ?? v)
        .refine((v) => gstStateByName(v) !== undefined, GST_MESSAGES.state),
      pincode: z
        .string({ error: GST_MESSAGES.pincode })
        .trim()
        .regex(/^[1-9][0-9]{5}$/, GST_MESSAGES.pincode),
    }),
    gstin: z
      .string({ error: GST_MESSAGES.gstinLength })
      .transform(normalizeGstin)
      .refine((v) => gstinProblem(v) === undefined, {
        error: (issue) => gstinProblem(String(issue.input ?? "")) ?? GST_MESSAGES.gstinFormat,
      }),
  })
  .superRefine((value, ctx) => {
    const state = gstStateByName(value.address.state);
    if (!state || gstinProblem(value.gstin) !== undefined) return;
    const problem = gstinProblem(value.gstin, state);
    if (problem) ctx.addIssue({ code: "custom", path: ["gstin"], message: problem });
  })
  .meta({ id: "TaxSettings" });
export type TaxSettingsInput = z.input<typeof taxSettingsSchema>;
export type TaxSettings = z.output<typeof taxSettingsSchema>;

/** The settings as stored (a store saved before record 0037 may hold a GSTIN that fails the checks). */
export const taxSettingsViewSchema = z
  .object({
    legalName: z.string(),
    address: z.object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
    }),
    gstin: z.string(),
  })
  .meta({ id: "TaxSettingsView" });

export const taxSettingsReplySchema = z
  .object({ message: z.string(), settings: taxSettingsViewSchema })
  .meta({ id: "TaxSettingsReply" });

/** A product's GST fields (admin product form). */
export const productTaxSchema = z.object({
  hsnCode: z.string().trim().regex(HSN_PATTERN, GST_MESSAGES.hsn),
  taxClass: z.enum(TAX_CLASSES, { error: GST_MESSAGES.taxClass }),
});

export type TaxDocumentKind = "invoice" | "credit_note";

/** The PDF's file name: INV/25-26/000123 → tax-invoice-INV-25-26-000123.pdf. */
export function taxDocumentFileName(kind: TaxDocumentKind, number: string): string {
  const prefix = kind === "invoice" ? "tax-invoice" : "credit-note";
  return `${prefix}-${number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
}

/** Where the shopper (or admin) downloads an order's documents. */
export const taxInvoicePath = (orderId: string) => `/api/orders/${orderId}/invoice.pdf`;
export const creditNotePath = (orderId: string) => `/api/orders/${orderId}/credit-note.pdf`;
