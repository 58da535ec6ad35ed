/**
 * The store's policy figures (storefront.md §9), in one place: the policy pages, the product
 * page's shipping tab, the cart notice and e-mails all read them from here.
 */
export const SHIPPING = {
  /**
   * Standard is what checkout charges, at the store's delivery settings (GET /api/store
   * `shipping`); express and same day are arranged on request at these fees (record 0043).
   */
  options: [
    { name: "Standard", time: "5-7 business days" },
    { name: "Express", feeRupees: 199, time: "2-3 business days" },
    { name: "Same Day", feeRupees: 299, time: "Same day, in selected cities" },
  ],
  citiesServed: "500+",
  metroCities: [
    "Mumbai",
    "Delhi",
    "Bengaluru",
    "Chennai",
    "Kolkata",
    "Hyderabad",
    "Pune",
    "Ahmedabad",
  ],
  /** Standard pieces vs custom (made-to-measure or altered) pieces; the terms use the same figure. */
  processing: { standard: "1-2 business days", custom: "3-5 business days" },
  /** Delivery attempts the courier makes before a parcel goes back to us. */
  deliveryAttempts: 3,
  /** India only (checkout's country is only India). */
  country: "India",
} as const;

const RETURN_WINDOW_DAYS = 7;

export const RETURNS = {
  returnWindowDays: RETURN_WINDOW_DAYS,
  inspectionDays: "2-3 business days",
  processingDays: "1-2 business days",
  refundDays: "5-7 business days",
  freeCancellationHours: 2,
  trackingStages: ["Order Confirmed", "Processing", "Shipped", "Delivered"],
  /** A damaged, defective or wrong item should be reported this soon after delivery. */
  damagedReportHours: 48,
  /** What a returned piece must be like. */
  conditions: [
    "Unused, unwashed and unaltered",
    "With all original tags and labels attached",
    "In its original packaging, with any free gifts or accessories that came with it",
  ],
  /** The one non-returnable list: the policy pages and the terms show exactly this. */
  nonReturnable: [
    "Innerwear, lingerie, socks and swimwear, for hygiene reasons",
    "Custom-made, made-to-measure or altered pieces (including blouses stitched to your measurements)",
    "Items marked “Final Sale” or “Non-returnable” on the product page",
    "Gift cards",
    "Items that have been worn, washed, damaged after delivery, or whose tags have been removed",
    `Items sent back more than ${RETURN_WINDOW_DAYS} days after delivery`,
  ],
} as const;

export const PAYMENT_METHODS_TEXT = [
  "Google Pay",
  "PhonePe",
  "Paytm",
  "UPI",
  "other digital payment methods",
] as const;

export const PRIVACY_POLICY_DATE = "January 2025";

/**
 * Under this age a shopper uses the store with a parent or guardian (Indian Contract Act; the
 * DPDP Act 2023, s. 9, asks for a parent's consent).
 */
export const ADULT_AGE = 18;

/** Privacy figures (DPDP Act 2023; Consumer Protection (E-Commerce) Rules 2020). */
export const PRIVACY = {
  /** Order and invoice records are kept for tax and accounting law. */
  orderRecordsRetention: "eight years",
  /** Contact messages are deleted after this long unless they became part of an order or claim. */
  contactMessagesRetention: "two years",
  /** An account closed at the shopper's request is erased within this time. */
  accountErasure: "30 days",
} as const;

/** How the grievance officer answers (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)). */
export const GRIEVANCE = {
  acknowledgeHours: 48,
  resolveWithin: "one month",
} as const;

/** How soon the team answers a contact-form message on a working day. */
export const CONTACT_REPLY_TIME = "within one working day";

/** What "business days" means in every policy figure. */
export const BUSINESS_DAYS_TEXT = "Monday to Saturday, except national and public holidays";
