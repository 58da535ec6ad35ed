/**
 * The store's policy figures (storefront.md §9), in one place: the policy pages, the product
 * page's shipping tab, the cart notice and e-mails all read them from here.
 */
export const SHIPPING = {
  freeShippingUptoRupees: 999,
  options: [
    { name: "Standard", feeRupees: 99, time: "5-7 business days" },
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
  processing: { standard: "1-2 business days", custom: "3-5 business days" },
} as const;

export const RETURNS = {
  returnWindowDays: 7,
  inspectionDays: "2-3 business days",
  processingDays: "1-2 business days",
  refundDays: "5-7 business days",
  freeCancellationHours: 2,
  trackingStages: ["Order Confirmed", "Processing", "Shipped", "Delivered"],
} as const;

export const PAYMENT_METHODS_TEXT = [
  "Google Pay",
  "PhonePe",
  "Paytm",
  "UPI",
  "other digital payment methods",
] as const;

/** Above this subtotal (rupees) the cart says the team will get in touch about shipping charges. */
export const SHIPPING_NOTICE_ABOVE_RUPEES = SHIPPING.freeShippingUptoRupees;

export const PRIVACY_POLICY_DATE = "January 2025";
