/**
 * Returns and exchanges (issue #15, record 0048). A delivered order's lines can be returned
 * (refund) or exchanged (another size of the same product) within the store's return window,
 * counted in India's calendar days from the day the order was delivered: delivered on the 1st with
 * a 7-day window, the 8th is the last day. A request moves requested → approved → received →
 * refunded (return) or reshipped (exchange), or requested → rejected with a reason the shopper sees.
 */
import { requiredText } from "./common.ts";
import {
  REFUND_METHODS,
  RETURN_KINDS,
  RETURN_MESSAGES,
  RETURN_REASONS,
  RETURN_STATUSES,
} from "./returns-messages.ts";
import { z } from "./zod.ts";

export * from "./returns-messages.ts";

// ---------------------------------------------------------------- reading

export const returnLineSchema = z.object({
  orderItemId: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  /** Rupees per piece, as bought. */
  price: z.number(),
  exchangeSize: z.string().nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnRequestSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    customerName: z.string(),
    kind: z.enum(RETURN_KINDS),
    status: z.enum(RETURN_STATUSES),
    reason: z.enum(RETURN_REASONS),
    reasonText: z.string(),
    rejectionReason: z.string(),
    refund: z.object({ method: z.string(), reference: z.string() }).nullable(),
    shipment: z
      .object({
        courier: z.string(),
        trackingNumber: z.string(),
        trackingUrl: z.string().nullable(),
      })
      .nullable(),
    lines: z.array(returnLineSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ReturnRequest" });
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** GET /api/orders/{id}/returns: what the shopper may still return, and their requests. */
export const returnOptionsSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    windowDays: z.number().int(),
    /** When the order was delivered (its history); null when it has not been. */
    deliveredAt: z.string().nullable(),
    /** The last day (YYYY-MM-DD, India) a request is taken; null when not delivered. */
    lastDay: z.string().nullable(),
    /** Whether a new request can be made now; `why` says why not. */
    open: z.boolean(),
    why: z.string().optional(),
    lines: z.array(
      z.object({
        orderItemId: z.string(),
        title: z.string(),
        imageUrl: z.string(),
        size: z.string(),
        color: z.string(),
        quantity: z.number().int(),
        /** Pieces not yet in a request (rejected requests do not count). */
        returnable: z.number().int(),
        /** The product's other sizes in stock now (an exchange's choices). */
        exchangeSizes: z.array(z.string()),
      }),
    ),
    requests: z.array(returnRequestSchema),
  })
  .meta({ id: "ReturnOptions" });
export type ReturnOptions = z.infer<typeof returnOptionsSchema>;

export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional().catch(undefined),
  /** One order's requests (an id that is no order's: none). */
  orderId: z.string().max(64).optional(),
});

// ---------------------------------------------------------------- writing

export const returnRequestCreateSchema = z
  .object({
    kind: z.enum(RETURN_KINDS, { error: RETURN_MESSAGES.kind }),
    reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
    /** Required when the reason is 'other'. */
    reasonText: z
      .string()
      .trim()
      .max(500, "Please keep the reason under 500 characters")
      .default(""),
    lines: z
      .array(
        z
          .object({
            orderItemId: z.string({ error: RETURN_MESSAGES.lineUnknown }),
            quantity: z
              .number({ error: RETURN_MESSAGES.quantity })
              .int(RETURN_MESSAGES.quantity)
              .min(1, RETURN_MESSAGES.quantity)
              .max(1000, RETURN_MESSAGES.quantity),
            exchangeSize: z.string().trim().min(1).max(20).optional(),
          })
          .strict(),
        { error: RETURN_MESSAGES.noLines },
      )
      .min(1, RETURN_MESSAGES.noLines)
      .max(100, RETURN_MESSAGES.noLines),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.reason === "other" && body.reasonText === "") {
      ctx.addIssue({ code: "custom", path: ["reasonText"], message: RETURN_MESSAGES.reasonText });
    }
    const seen = new Set<string>();
    body.lines.forEach((line, index) => {
      if (seen.has(line.orderItemId)) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "orderItemId"],
          message: RETURN_MESSAGES.lineTwice,
        });
      }
      seen.add(line.orderItemId);
      if (body.kind === "exchange" && !line.exchangeSize) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "exchangeSize"],
          message: RETURN_MESSAGES.exchangeSize,
        });
      }
      if (body.kind === "return" && line.exchangeSize) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "exchangeSize"],
          message: RETURN_MESSAGES.exchangeOnlyForExchange,
        });
      }
    });
  });
export type ReturnRequestCreate = z.infer<typeof returnRequestCreateSchema>;

/** PATCH /api/admin/returns/{id}: one step of the request. */
export const returnActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("approve") }).strict(),
    z
      .object({
        action: z.literal("reject"),
        reason: requiredText(RETURN_MESSAGES.rejectionReason, 500),
      })
      .strict(),
    z.object({ action: z.literal("receive") }).strict(),
    z
      .object({
        action: z.literal("refund"),
        method: z.enum(REFUND_METHODS, { error: RETURN_MESSAGES.refundMethod }),
        reference: requiredText(RETURN_MESSAGES.refundReference, 100),
      })
      .strict(),
    z
      .object({
        action: z.literal("reship"),
        courier: z.string().trim().max(60).default(""),
        trackingNumber: z.string().trim().max(40).default(""),
      })
      .strict(),
  ],
  { error: "Please choose approve, reject, receive, refund or reship" },
);
export type ReturnAction = z.infer<typeof returnActionSchema>;

export const returnReplySchema = z.object({ message: z.string(), request: returnRequestSchema });
export type ReturnReply = z.infer<typeof returnReplySchema>;
