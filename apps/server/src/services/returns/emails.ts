/**
 * The shopper's e-mails about a return or exchange (record 0048): one per step (requested,
 * approved, rejected, received, refunded, re-shipped), each naming the order, the pieces and what
 * happens next.
 */
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RETURN_REASON_LABELS,
  type ReturnRequest,
  type StoreSettings,
} from "@vastra/contracts";
import { formatRupees } from "@vastra/contracts/money";
import { RETURNS } from "@vastra/contracts/policy";
import { type EmailBlock, type EmailContent, renderEmail } from "../../mail/templates.ts";

export type ReturnStep =
  | "requested"
  | "approved"
  | "rejected"
  | "received"
  | "refunded"
  | "reshipped";

const noun = (request: ReturnRequest) => (request.kind === "exchange" ? "exchange" : "return");

function stepText(
  request: ReturnRequest,
  step: ReturnStep,
): { subject: string; heading: string; paragraph: string } {
  const what = noun(request);
  switch (step) {
    case "requested":
      return {
        subject: `we have your ${what} request`,
        heading: `We have your ${what} request`,
        paragraph: `we have received your request to ${what === "exchange" ? "exchange" : "return"} the pieces below. We will look at it within ${RETURNS.processingDays} and e-mail you.`,
      };
    case "approved":
      return {
        subject: `your ${what} is approved`,
        heading: `Your ${what} is approved`,
        paragraph:
          "we have approved your request. Please pack the pieces unused, with their tags, in their original packaging; our courier partner will collect them, or reply to this e-mail to arrange it.",
      };
    case "rejected":
      return {
        subject: `about your ${what} request`,
        heading: `We could not accept your ${what} request`,
        paragraph: `we are sorry, we could not accept your request. The reason: ${request.rejectionReason}`,
      };
    case "received":
      return {
        subject: `we have received your ${what}`,
        heading: "Your parcel has reached us",
        paragraph:
          what === "exchange"
            ? "the pieces you sent back have reached us. We will ship the new size to you shortly."
            : `the pieces you sent back have reached us. Your refund is paid within ${RETURNS.refundDays}.`,
      };
    case "refunded":
      return {
        subject: "your refund has been paid",
        heading: "Your refund has been paid",
        paragraph: `we have paid your refund of ${formatRupees(refundTotal(request))}. It may take a few days to show in your account.`,
      };
    case "reshipped":
      return {
        subject: "your exchange is on its way",
        heading: "Your exchange is on its way",
        paragraph: "the new size is on its way to you.",
      };
  }
}

/** Rupees: what the returned pieces were bought for. */
export function refundTotal(request: ReturnRequest): number {
  return request.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

export function returnStepEmail(
  store: StoreSettings,
  request: ReturnRequest,
  step: ReturnStep,
  shopperName: string,
  publicUrl: string,
): EmailContent & { kind: string } {
  const text = stepText(request, step);
  const rows: Array<[string, string]> = [
    ["Order", request.orderNumber],
    ["Request", request.kind === "exchange" ? "Exchange" : "Return (refund)"],
    ["Reason", RETURN_REASON_LABELS[request.reason]],
  ];
  if (step === "refunded" && request.refund) {
    rows.push([
      "Refunded by",
      PAYMENT_METHOD_LABELS[request.refund.method as PaymentMethod] ?? request.refund.method,
    ]);
    rows.push(["Reference", request.refund.reference]);
  }
  const shipment: EmailBlock[] =
    step === "reshipped" && request.shipment
      ? [
          {
            type: "rows",
            rows: [
              ["Courier", request.shipment.courier],
              ["Tracking number (AWB)", request.shipment.trackingNumber],
            ],
          },
          ...(request.shipment.trackingUrl
            ? [
                {
                  type: "button",
                  label: `Track your parcel on ${request.shipment.courier}`,
                  url: request.shipment.trackingUrl,
                } satisfies EmailBlock,
              ]
            : []),
        ]
      : [];
  const lines = request.lines.map((line): [string, string] => [
    `${line.title} (Size ${line.size}${line.color ? `, ${line.color}` : ""}) × ${line.quantity}`,
    line.exchangeSize ? `for size ${line.exchangeSize}` : formatRupees(line.price * line.quantity),
  ]);
  const content = renderEmail(
    {
      subject: `${store.name} order ${request.orderNumber}: ${text.subject}`,
      preheader: `${text.heading}: order ${request.orderNumber}.`,
      heading: text.heading,
      blocks: [
        { type: "paragraph", text: `Hello ${shopperName}, ${text.paragraph}` },
        { type: "rows", rows },
        ...shipment,
        { type: "rows", rows: lines },
        {
          type: "button",
          label: "View your orders",
          url: `${publicUrl.replace(/\/$/, "")}/orders`,
        },
      ],
      footerNote: `You received this e-mail about your order at ${store.name}.`,
    },
    store,
  );
  return { ...content, kind: `return-${step}` };
}
