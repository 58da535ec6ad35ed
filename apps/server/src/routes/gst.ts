/**
 * GST documents and settings (issue #14, record 0037): an order's tax invoice and credit note as
 * PDF for its shopper (anybody else's order is 404, as one that does not exist) and for admins;
 * the admin's tax settings (legal name, address, state, GSTIN).
 */
import {
  errorSchema,
  GST_MESSAGES,
  taxSettingsReplySchema,
  taxSettingsSchema,
  taxSettingsViewSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { currentUser } from "../http/auth.ts";
import { getTaxSettings, updateTaxSettings } from "../services/gst/index.ts";
import { taxDocumentPdf } from "../services/gst/pdf.ts";

const idParams = z.object({ id: z.string() });

export const gstRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const documents = [
    {
      path: "/orders/:id/invoice.pdf",
      kind: "invoice" as const,
      summary: "The order's GST tax invoice as an A4 PDF (issued when the order ships)",
    },
    {
      path: "/orders/:id/credit-note.pdf",
      kind: "credit_note" as const,
      summary:
        "The order's GST credit note as an A4 PDF (issued when an invoiced order is cancelled or returned)",
    },
  ];
  for (const { path, kind, summary } of documents) {
    app.get(
      path,
      {
        config: { auth: "user" },
        schema: {
          tags: ["orders"],
          summary,
          description:
            "The order's shopper and admins only: another shopper's order answers 404, as does an order without the document yet.",
          params: idParams,
          produces: ["application/pdf"],
          response: {
            200: z.any().describe("The PDF file (application/pdf), as an attachment"),
            401: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { fileName, pdf } = await taxDocumentPdf(
          db,
          request.params.id,
          kind,
          user.isAdmin ? undefined : user.id,
        );
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .header("cache-control", "private, no-store")
          .send(pdf);
      },
    );
  }

  const admin = { auth: "admin" as const };
  const tags = ["admin: tax"];
  app.get(
    "/admin/tax/settings",
    {
      config: admin,
      schema: {
        tags,
        summary: "The store's tax details: legal name, address, state and GSTIN",
        response: { 200: taxSettingsViewSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => getTaxSettings(db),
  );
  app.put(
    "/admin/tax/settings",
    {
      config: admin,
      schema: {
        tags,
        summary: "Save the store's tax details (GSTIN checked: format, check character, state)",
        description:
          "The GSTIN's first two digits must be the chosen state's GST code. Invoices already issued keep the details they were issued with.",
        body: taxSettingsSchema,
        response: {
          200: taxSettingsReplySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => ({
      message: GST_MESSAGES.saved,
      settings: await updateTaxSettings(db, request.body, currentUser(request).id),
    }),
  );
};
