/**
 * The admin's newsletter (admin.md §7 Newsletter, decisions.md §6). Admins only:
 *
 *   GET    /api/newsletter/subscribers?status=&search=&page=   subscribers, stats, pagination
 *   DELETE /api/newsletter/subscribers/{id}
 *   GET    /api/newsletter/export?status=                       subscribers-YYYY-MM-DD.csv
 *   GET    /api/newsletter/settings      PUT /api/newsletter/settings
 *   POST   /api/newsletter/preview-modern                       { html, text, subject }
 *   POST   /api/newsletter/send-modern          a campaign (202): campaignId, results so far
 *   POST   /api/newsletter/send-test            the draft to the signed-in admin only (202)
 *   GET    /api/newsletter/campaigns     GET /api/newsletter/campaigns/{id}   progress
 *
 * Compose's images go through the advertisement upload route (admin.md §7).
 */

import {
  errorSchema,
  messageSchema,
  NEWSLETTER_ADMIN_MESSAGES,
  newsletterCampaignSchema,
  newsletterPreviewReplySchema,
  newsletterQueuedMessage,
  newsletterSendReplySchema,
  newsletterSettingsReplySchema,
  newsletterSettingsSchema,
  newsletterTemplateSchema,
  newsletterTestSentMessage,
  subscriberExportQuerySchema,
  subscribersQuerySchema,
  subscribersReplySchema,
} from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import { NotFoundError } from "../services/errors.ts";
import type { NewsletterAdmin } from "../services/newsletter/admin.ts";
import type { Campaigns } from "../services/newsletter/campaigns.ts";

const idParams = z.object({ id: z.string() });

const denied = { 401: errorSchema, 403: errorSchema };

export const adminNewsletterRoutes: FastifyPluginAsyncZod<{
  newsletterAdmin: NewsletterAdmin;
  campaigns: Campaigns;
}> = async (app, { newsletterAdmin, campaigns }) => {
  const tags = ["admin", "newsletter"];
  const config = { auth: "admin" as const };

  app.get(
    "/newsletter/subscribers",
    {
      config,
      schema: {
        tags,
        summary: "Subscribers, newest first, 50 a page; with the list's stats",
        querystring: subscribersQuerySchema,
        response: { 200: subscribersReplySchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => newsletterAdmin.list(request.query),
  );

  app.delete(
    "/newsletter/subscribers/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a subscriber",
        params: idParams,
        response: { 200: messageSchema, 404: errorSchema, ...denied },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) {
        throw new NotFoundError(NEWSLETTER_ADMIN_MESSAGES.subscriberNotFound);
      }
      await newsletterAdmin.remove(request.params.id);
      return { message: NEWSLETTER_ADMIN_MESSAGES.deleted };
    },
  );

  app.get(
    "/newsletter/export",
    {
      config,
      schema: {
        tags,
        summary: "The subscribers as CSV (subscribers-YYYY-MM-DD.csv); formula-like cells escaped",
        querystring: subscriberExportQuerySchema,
        response: { 200: z.string(), 400: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await newsletterAdmin.exportCsv(request.query.status);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/newsletter/settings",
    {
      config,
      schema: {
        tags,
        summary: "The newsletter's look (defaults filled in)",
        response: { 200: newsletterSettingsReplySchema, ...denied },
      },
    },
    async () => ({ settings: await newsletterAdmin.getSettings() }),
  );

  app.put(
    "/newsletter/settings",
    {
      config,
      schema: {
        tags,
        summary: "Save the newsletter's look (fields left out take their defaults)",
        body: newsletterSettingsSchema,
        response: { 200: newsletterSettingsReplySchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => ({
      message: NEWSLETTER_ADMIN_MESSAGES.settingsSaved,
      settings: await newsletterAdmin.saveSettings(request.body, currentUser(request).id),
    }),
  );

  app.post(
    "/newsletter/preview-modern",
    {
      config,
      schema: {
        tags,
        summary: "The template rendered exactly as it will be sent (a sample unsubscribe link)",
        body: newsletterTemplateSchema,
        response: { 200: newsletterPreviewReplySchema, 400: errorSchema, ...denied },
      },
    },
    async (request) => newsletterAdmin.preview(request.body),
  );

  app.post(
    "/newsletter/send-modern",
    {
      config,
      schema: {
        tags,
        summary:
          "Send the newsletter to every active subscriber: a campaign, queued in batches and delivered in the background",
        body: newsletterTemplateSchema,
        response: { 202: newsletterSendReplySchema, 400: errorSchema, ...denied },
      },
    },
    async (request, reply) => {
      const campaign = await campaigns.create(request.body, currentUser(request).id);
      return reply.status(202).send({
        message: newsletterQueuedMessage(campaign.total),
        campaignId: campaign._id,
        // admin.md §7's client reads results.successful: the counts so far.
        results: { ...campaign.results, total: campaign.total },
        campaign,
      });
    },
  );

  app.post(
    "/newsletter/send-test",
    {
      config,
      schema: {
        tags,
        summary:
          "Send the current draft to the signed-in admin's own e-mail (through the outbox; a few per 10 minutes)",
        body: newsletterTemplateSchema,
        response: {
          202: messageSchema.extend({ to: z.string() }),
          400: errorSchema,
          429: errorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { to } = await newsletterAdmin.sendTest(request.body, user);
      return reply.status(202).send({ message: newsletterTestSentMessage(to), to });
    },
  );

  app.get(
    "/newsletter/campaigns",
    {
      config,
      schema: {
        tags,
        summary: "The ten newest campaigns with their progress",
        response: { 200: z.array(newsletterCampaignSchema), ...denied },
      },
    },
    async () => campaigns.recent(10),
  );

  app.get(
    "/newsletter/campaigns/:id",
    {
      config,
      schema: {
        tags,
        summary: "A campaign's progress: sent of total, status, and the closing message when done",
        params: idParams,
        response: { 200: newsletterCampaignSchema, 404: errorSchema, ...denied },
      },
    },
    async (request) => campaigns.get(request.params.id),
  );
};
