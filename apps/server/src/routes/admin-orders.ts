/**
 * The admin's Orders tab and shipping bill (admin.md §2, §7; decisions.md §1, §4, §8). Admins only:
 * a guest hears 401, a shopper 403 (route config auth "admin").
 */
import {
  ADMIN_ORDER_MESSAGES,
  adminOrderListItemSchema,
  adminOrderReplySchema,
  adminOrdersQuerySchema,
  courierListSchema,
  errorSchema,
  ORDER_MAIL_HOLD_SECONDS_DEFAULT,
  orderNotesUpdateSchema,
  orderStatsSchema,
  orderStatusUpdateSchema,
  orderUndoSchema,
  TOTAL_COUNT_HEADER,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { currentUser } from "../http/auth.ts";
import type { Clock } from "../services/clock.ts";
import {
  listAdminOrders,
  orderStats,
  updateOrderNotes,
  updateOrderStatus,
  waiveCodFee,
} from "../services/orders/admin.ts";
import { shippingBillPdf } from "../services/orders/bill.ts";
import { withRisks } from "../services/orders/cod-rules.ts";
import { listCouriers, saveCouriers, undoOrderChange } from "../services/orders/fulfilment.ts";
import type { OrderLog } from "../services/orders/limits.ts";

const idParams = z.object({ id: z.string() });

export const adminOrderRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** ORDER_MAIL_HOURLY_LIMIT: the shopper's e-mails beyond it are dropped (and logged). */
  mailsPerHour?: number;
  log?: OrderLog;
  /** ORDER_MAIL_HOLD_SECONDS: how long a change's e-mail waits, undoable (record 0039). */
  mailHoldSeconds?: number;
}> = async (app, { db, clock, publicUrl, mailsPerHour, log, mailHoldSeconds }) => {
  const holdSeconds = mailHoldSeconds ?? ORDER_MAIL_HOLD_SECONDS_DEFAULT;
  const tags = ["admin: orders"];
  const config = { auth: "admin" as const };
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, name: user.name };
  };

  app.get(
    "/orders/admin/all",
    {
      config,
      schema: {
        tags,
        summary:
          "Every order, newest first: search (order number, name, e-mail, phone), status and payment filters, pages",
        description: `The body is one page of orders; the \`${TOTAL_COUNT_HEADER}\` header carries how many match in all.`,
        querystring: adminOrdersQuerySchema,
        response: {
          // Each with its risk badges (record 0038).
          200: z.array(adminOrderListItemSchema),
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { orders, total } = await listAdminOrders(db, request.query, clock());
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return withRisks(db, orders);
    },
  );

  app.get(
    "/orders/admin/stats",
    {
      config,
      schema: {
        tags,
        summary:
          "The Orders tab's stat cards: orders per status and the revenue of paid orders (rupees)",
        response: { 200: orderStatsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => orderStats(db, clock()),
  );

  app.patch(
    "/orders/:id/status",
    {
      config,
      schema: {
        tags,
        summary:
          "Set an order's status, payment status and/or payment method (any value from any value)",
        description:
          "Cancelling puts the items back in stock once; reopening a cancelled order takes them again (409 when there is not enough). The shopper is e-mailed when the status becomes confirmed, shipped, delivered or cancelled. Every change is recorded in the order's history.",
        params: idParams,
        body: orderStatusUpdateSchema,
        response: {
          200: adminOrderReplySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const { undo, ...order } = await updateOrderStatus(
        { db, clock, publicUrl, mailsPerHour, log, mailHoldSeconds: holdSeconds },
        request.params.id,
        request.body,
        actorOf(request),
      );
      return { message: ADMIN_ORDER_MESSAGES.updated, order, ...(undo ? { undo } : {}) };
    },
  );

  app.post(
    "/orders/:id/status/undo",
    {
      config,
      schema: {
        tags,
        summary:
          "Undo the admin's last status or payment change while the shopper's e-mail is still held",
        description:
          "The change's reply carries `undo.eventId` and `undo.until`. Until then (and while nothing changed the order since) the held e-mail is deleted and the order goes back, without an e-mail; after it, 409.",
        params: idParams,
        body: orderUndoSchema,
        response: {
          200: adminOrderReplySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) =>
      undoOrderChange(
        { db, clock, publicUrl, mailsPerHour, log, mailHoldSeconds: holdSeconds },
        request.params.id,
        request.body.eventId,
        actorOf(request),
      ),
  );

  app.get(
    "/admin/couriers",
    {
      config,
      schema: {
        tags,
        summary: "The couriers the ship form offers, with their tracking-page templates",
        response: { 200: courierListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ couriers: await listCouriers(db) }),
  );

  app.put(
    "/admin/couriers",
    {
      config,
      schema: {
        tags,
        summary: "Replace the couriers list (names unique; tracking page https://…{awb}… or empty)",
        body: courierListSchema,
        response: { 200: courierListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({ couriers: await saveCouriers(db, request.body.couriers) }),
  );

  app.patch(
    "/orders/:id/notes",
    {
      config,
      schema: {
        tags,
        summary: "Replace an order's notes (recorded in its history)",
        description: `Notes that are empty after trimming change nothing (admin.md §5): the reply is 200 with the message '${ADMIN_ORDER_MESSAGES.notesEmpty}' and the order as it was.`,
        params: idParams,
        body: orderNotesUpdateSchema,
        response: {
          200: adminOrderReplySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const result = await updateOrderNotes(
        { db, clock },
        request.params.id,
        request.body.notes,
        actorOf(request),
      );
      return { message: result.message, order: result.order };
    },
  );

  app.post(
    "/orders/:id/cod-fee/waive",
    {
      config,
      schema: {
        tags,
        summary:
          "Waive the order's cash-on-delivery fee (total recomputed; recorded in its history)",
        description:
          "Waiving an already waived fee changes nothing (200); an order without a COD fee is 400.",
        params: idParams,
        response: {
          200: adminOrderReplySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const result = await waiveCodFee({ db, clock }, request.params.id, actorOf(request));
      return { message: result.message, order: result.order };
    },
  );

  app.get(
    "/orders/:id/bill.pdf",
    {
      config,
      schema: {
        tags,
        summary: "The order's shipping bill as an A4 PDF, with a Code 128 barcode of its number",
        params: idParams,
        produces: ["application/pdf"],
        response: {
          200: z.any().describe("The PDF file (application/pdf), as an attachment"),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await shippingBillPdf(db, request.params.id, {
        generatedAt: clock(),
      });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
