/**
 * The order e-mails: the shopper's confirmation and the store's new-order notice when an order is
 * placed, and the shopper's e-mail when it is confirmed, shipped, delivered or cancelled (also when
 * cancelled for not being confirmed in time). Shoppers' e-mails go to their account's address; the
 * contact address given at checkout is shown inside them.
 */
import {
  formatBillDate,
  ORDER_MESSAGES,
  type Order,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type StoreSettings,
} from "@vastra/contracts";
import { formatRupees } from "@vastra/contracts/money";
import { type InlineImage, UPI_QR_CID } from "../../mail/inline-images.ts";
import { type EmailBlock, type EmailContent, renderEmail } from "../../mail/templates.ts";

/** ₹1,29,999.00: rupees with 2 decimals and Indian digit grouping (the one money formatter). */
export { formatRupees };

const itemLabel = (item: Order["items"][number]) =>
  `${item.title} (Size ${item.size}${item.color ? `, ${item.color}` : ""}) × ${item.quantity}`;

/** The charges under the items (record 0036): subtotal, shipping or Free, the COD fee, total. */
export function chargeRows(order: Order): Array<[string, string]> {
  return [
    ["Subtotal", formatRupees(order.subtotalAmount)],
    // Coupons (record 0047): the discount off the items, before shipping.
    ...(order.discountAmount
      ? [
          [`Coupon ${order.couponCode ?? ""}`.trim(), `-${formatRupees(order.discountAmount)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ["Shipping", order.shippingAmount > 0 ? formatRupees(order.shippingAmount) : "Free"],
    ...(order.codFeeAmount > 0
      ? [["Cash-on-delivery fee", formatRupees(order.codFeeAmount)] as [string, string]]
      : order.codFeeWaived
        ? [["Cash-on-delivery fee", "Waived"] as [string, string]]
        : []),
    ["Total", formatRupees(order.totalAmount)],
  ];
}

function itemRows(order: Order): Array<[string, string]> {
  return [
    ...order.items.map((item): [string, string] => [
      itemLabel(item),
      formatRupees(item.price * item.quantity),
    ]),
    ...chargeRows(order),
  ];
}

/**
 * How the shopper pays. `upiLink`: the order's UPI link when the store has a UPI ID (services/
 * orders/upi.ts), shown as a button and as a QR code made when the e-mail is sent (record 0067).
 */
function paymentBlocks(order: Order, upiLink: string | undefined): EmailBlock[] {
  const total = formatRupees(order.totalAmount);
  if (order.paymentMethod === "cash_on_delivery") {
    return [
      {
        type: "paragraph",
        text: `Payment: cash on delivery. Please keep ${total} ready when the parcel arrives. ${ORDER_MESSAGES.contactAboutPayment}`,
      },
    ];
  }
  if (!upiLink) {
    return [
      {
        type: "paragraph",
        text: `${ORDER_MESSAGES.contactAboutPayment} No payment is taken online; pay ${total} by UPI when we get in touch.`,
      },
    ];
  }
  return [
    {
      type: "paragraph",
      text: `Pay ${total} by UPI: scan this code with any UPI app, or open the link on your phone. The note carries your order number ${order.orderNumber}, so we can match your payment. ${ORDER_MESSAGES.contactAboutPayment}`,
    },
    {
      type: "image",
      src: `cid:${UPI_QR_CID}`,
      alt: `UPI QR code to pay ${total} for order ${order.orderNumber}`,
      width: 200,
      link: upiLink,
    },
    { type: "button", label: `Pay ${total} by UPI`, url: upiLink },
  ];
}

/** The signed links of the order's confirmation page (record 0038). */
export type ConfirmationLinks = {
  confirmBy: string;
  confirm: string;
  cancel: string;
  address: string;
};

/** Asks the shopper to confirm (or cancel, or fix the address) before the order's confirm-by time. */
function confirmationBlocks(order: Order, links: ConfirmationLinks | undefined): EmailBlock[] {
  const payFirst: EmailBlock[] = order.paymentFirstReason
    ? [
        {
          type: "paragraph",
          text: "Because earlier orders for this account or phone number came back undelivered, we will ask you to pay by UPI before we ship this order.",
        },
      ]
    : [];
  if (!links) return payFirst;
  return [
    {
      type: "paragraph",
      text: `Please confirm your order by ${formatBillDate(links.confirmBy)} (India time). Orders not confirmed by then are cancelled automatically. Is the delivery address wrong? You can correct it from the same page.`,
    },
    { type: "button", label: "Confirm your order", url: links.confirm },
    { type: "button", label: "Correct the delivery address", url: links.address },
    { type: "button", label: "Cancel this order", url: links.cancel },
    ...payFirst,
  ];
}

const addressText = (order: Order) =>
  `${order.user.name}\n${order.user.address}\nPhone: ${order.user.phone}\nE-mail: ${order.user.email}`;

const paymentLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method.replaceAll("_", " ");

const ordersLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/orders`;

export function orderPlacedEmail(
  store: StoreSettings,
  order: Order,
  publicUrl: string,
  upiLink?: string,
  confirmation?: ConfirmationLinks,
): EmailContent & { inlineImages: InlineImage[] } {
  const blocks: EmailBlock[] = [
    {
      type: "paragraph",
      text: `Hello ${order.user.name}, thank you for shopping with ${store.name}. We have received your order ${order.orderNumber}.`,
    },
    ...confirmationBlocks(order, confirmation),
    { type: "rows", rows: itemRows(order) },
    { type: "paragraph", text: `Delivery address (${order.addressType}):` },
    { type: "quote", text: addressText(order) },
    ...paymentBlocks(order, upiLink),
    { type: "button", label: "View your orders", url: ordersLink(publicUrl) },
  ];
  const content = renderEmail(
    {
      subject: `Your ${store.name} order ${order.orderNumber} has been placed`,
      preheader: `Order ${order.orderNumber}: ${formatRupees(order.totalAmount)}. ${ORDER_MESSAGES.contactAboutPayment}`,
      heading: "Thank you for your order!",
      blocks,
      footerNote: `You received this e-mail because you placed an order at ${store.name}.`,
    },
    store,
  );
  // A UPI order's link (never a COD order's) is shown as its QR code: made when sent.
  return { ...content, inlineImages: upiLink ? [{ cid: UPI_QR_CID, qr: upiLink }] : [] };
}

export function newOrderStoreEmail(
  store: StoreSettings,
  order: Order,
  publicUrl: string,
): EmailContent {
  return renderEmail(
    {
      subject: `New order ${order.orderNumber} from ${order.user.name}: ${formatRupees(order.totalAmount)}`,
      preheader: `${order.items.length} item(s), ${formatRupees(order.totalAmount)}; payment: ${paymentLabel(order.paymentMethod)}.`,
      heading: `New order ${order.orderNumber}`,
      blocks: [
        {
          type: "rows",
          rows: [
            ["Customer", order.user.name],
            ["E-mail", order.user.email],
            ["Phone", order.user.phone],
            ["Address type", order.addressType],
            ["Address", order.user.address],
            ["Payment", paymentLabel(order.paymentMethod)],
            // Record 0038: too many returned orders; ask for payment before shipping.
            ...(order.paymentFirstReason
              ? [["Pay first", order.paymentFirstReason] as [string, string]]
              : []),
          ],
        },
        { type: "rows", rows: itemRows(order) },
        {
          type: "paragraph",
          text: "Please contact the customer about payment and delivery, then confirm the order in the admin dashboard.",
        },
        {
          type: "button",
          label: "Open the admin dashboard",
          url: `${publicUrl.replace(/\/$/, "")}/admin`,
        },
      ],
    },
    store,
  );
}

const STATUS_TEXT: Partial<
  Record<OrderStatus, { subject: string; heading: string; paragraph: string }>
> = {
  confirmed: {
    subject: "is confirmed",
    heading: "Your order is confirmed",
    paragraph:
      "Good news: we have confirmed your order and are getting it ready. We will let you know when it ships.",
  },
  shipped: {
    subject: "has shipped",
    heading: "Your order is on its way",
    paragraph: "Your order has left our store and is on its way to you.",
  },
  delivered: {
    subject: "has been delivered",
    heading: "Your order has been delivered",
    paragraph:
      "Your order has been delivered. We hope you love it! If anything is not right, reply to this e-mail or see our cancellations and returns page.",
  },
  cancelled: {
    subject: "has been cancelled",
    heading: "Your order has been cancelled",
    paragraph:
      "Your order has been cancelled. If you already paid for it, our team will contact you about the refund.",
  },
};

/** The shopper's e-mail for an order that reached `status`; undefined for statuses not e-mailed. */
export function orderStatusEmail(
  store: StoreSettings,
  order: Order,
  status: OrderStatus,
  publicUrl: string,
): EmailContent | undefined {
  const text = STATUS_TEXT[status];
  if (!text) return undefined;
  return renderEmail(
    {
      subject: `Your ${store.name} order ${order.orderNumber} ${text.subject}`,
      preheader: `${text.heading}: ${order.orderNumber}, ${formatRupees(order.totalAmount)}.`,
      heading: text.heading,
      blocks: [
        { type: "paragraph", text: `Hello ${order.user.name}, ${text.paragraph}` },
        {
          type: "rows",
          rows: [
            ["Order", order.orderNumber],
            ["Payment", paymentLabel(order.paymentMethod)],
            ["Contact e-mail", order.user.email],
          ],
        },
        ...shipmentBlocks(order, status),
        { type: "rows", rows: itemRows(order) },
        ...(status === "cancelled"
          ? []
          : ([
              { type: "paragraph", text: "Delivery address:" },
              { type: "quote", text: addressText(order) },
            ] satisfies EmailBlock[])),
        { type: "button", label: "View your orders", url: ordersLink(publicUrl) },
      ],
      footerNote: `You received this e-mail about your order at ${store.name}.`,
    },
    store,
  );
}

/** The shipped e-mail's courier, tracking number (AWB) and tracking link (record 0039). */
function shipmentBlocks(order: Order, status: OrderStatus): EmailBlock[] {
  const shipment = order.shipment;
  if (status !== "shipped" || !shipment) return [];
  return [
    {
      type: "rows",
      rows: [
        ["Courier", shipment.courier],
        ["Tracking number (AWB)", shipment.trackingNumber],
      ],
    },
    shipment.trackingUrl
      ? {
          type: "button",
          label: `Track your parcel on ${shipment.courier}`,
          url: shipment.trackingUrl,
        }
      : {
          type: "paragraph",
          text: `Track your parcel with ${shipment.courier} using the tracking number ${shipment.trackingNumber}.`,
        },
  ];
}

/** The shopper's e-mail for an order cancelled because the store did not confirm it in time. */
export function orderAutoCancelledEmail(
  store: StoreSettings,
  order: Order,
  expiryHours: number,
  publicUrl: string,
): EmailContent {
  return renderEmail(
    {
      subject: `Your ${store.name} order ${order.orderNumber} has been cancelled`,
      preheader: `Order ${order.orderNumber} was not confirmed within ${expiryHours} hours, so it has been cancelled.`,
      heading: "Your order has been cancelled",
      blocks: [
        {
          type: "paragraph",
          text: `Hello ${order.user.name}, your order ${order.orderNumber} was not confirmed within ${expiryHours} hours of being placed, so it has been cancelled automatically. If you already paid for it, our team will contact you about the refund.`,
        },
        {
          type: "rows",
          rows: [
            ["Order", order.orderNumber],
            ["Contact e-mail", order.user.email],
          ],
        },
        { type: "rows", rows: itemRows(order) },
        {
          type: "paragraph",
          text: "If you still want these items, please place a new order; if you have questions, reply to this e-mail.",
        },
        { type: "button", label: "View your orders", url: ordersLink(publicUrl) },
      ],
      footerNote: `You received this e-mail about your order at ${store.name}.`,
    },
    store,
  );
}
