/**
 * PIN codes and the delivery promise, without zod, for the browser (the product page's script
 * budget); pincode.ts re-exports them with the schemas.
 */

/** An Indian PIN code: 6 digits, the first (the postal zone, 1-8; 9 is the Army Postal Service) never 0. */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * The 28 states and 8 union territories with their GST state codes (the first two digits of a
 * GSTIN), as the GST portal lists them. Codes 25 (Daman and Diu) and 28 (Andhra Pradesh before
 * 2014) are retired: their places went to 26 and 37. Names as the checkout's INDIAN_STATES.
 */
export const GST_STATES = [
  { code: "01", name: "Jammu and Kashmir" },
  { code: "02", name: "Himachal Pradesh" },
  { code: "03", name: "Punjab" },
  { code: "04", name: "Chandigarh" },
  { code: "05", name: "Uttarakhand" },
  { code: "06", name: "Haryana" },
  { code: "07", name: "Delhi" },
  { code: "08", name: "Rajasthan" },
  { code: "09", name: "Uttar Pradesh" },
  { code: "10", name: "Bihar" },
  { code: "11", name: "Sikkim" },
  { code: "12", name: "Arunachal Pradesh" },
  { code: "13", name: "Nagaland" },
  { code: "14", name: "Manipur" },
  { code: "15", name: "Mizoram" },
  { code: "16", name: "Tripura" },
  { code: "17", name: "Meghalaya" },
  { code: "18", name: "Assam" },
  { code: "19", name: "West Bengal" },
  { code: "20", name: "Jharkhand" },
  { code: "21", name: "Odisha" },
  { code: "22", name: "Chhattisgarh" },
  { code: "23", name: "Madhya Pradesh" },
  { code: "24", name: "Gujarat" },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "27", name: "Maharashtra" },
  { code: "29", name: "Karnataka" },
  { code: "30", name: "Goa" },
  { code: "31", name: "Lakshadweep" },
  { code: "32", name: "Kerala" },
  { code: "33", name: "Tamil Nadu" },
  { code: "34", name: "Puducherry" },
  { code: "35", name: "Andaman and Nicobar Islands" },
  { code: "36", name: "Telangana" },
  { code: "37", name: "Andhra Pradesh" },
  { code: "38", name: "Ladakh" },
] as const;
export type GstState = (typeof GST_STATES)[number];
export type GstStateCode = GstState["code"];

/** The state or union territory with this 2-digit GST code, if any. */
export function gstStateByCode(code: string): GstState | undefined {
  return GST_STATES.find((s) => s.code === code);
}

/** The delivery check's and the checkout's texts about PIN codes. */
export const PIN_MESSAGES = {
  label: "PIN code",
  invalid: "Please enter a valid 6-digit PIN code (it does not start with 0)",
  unknown: (pin: string) =>
    `We could not find PIN code ${pin}. Please check it, or contact us if it is new.`,
  notServed: (pin: string) => `Sorry, we do not deliver to PIN code ${pin} yet.`,
  codAvailable: "Cash on delivery available",
  codUnavailable: "Cash on delivery is not available for this PIN code",
  checkFailed: "We could not check delivery just now. Please try again.",
} as const;

/** At most this many delivery checks per IP in the window (a shopper checks a few; a scraper 19,000). */
export const DELIVERY_CHECK_RATE_LIMIT = { points: 300, windowSeconds: 600 } as const;

/**
 * "Thu, 3 Dec" for the calendar date "2026-12-03" (en-IN, whatever the reader's time zone: the
 * date is already India's).
 */
export function formatDeliveryDate(isoDate: string): string {
  // One formatter (made on first use): building an Intl.DateTimeFormat costs ~0.3 ms, and
  // every delivery check and order's promise formats a date (issue #11's order profile).
  deliveryDateFormat ??= new Intl.DateTimeFormat("en-IN", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return deliveryDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
let deliveryDateFormat: Intl.DateTimeFormat | undefined;

/** The promise as the shopper reads it: "Delivery by Thu, 3 Dec". */
export function deliveryByText(isoDate: string): string {
  return `Delivery by ${formatDeliveryDate(isoDate)}`;
}
