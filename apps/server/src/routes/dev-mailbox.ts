import { desc, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { devMailbox } from "../db/schema.ts";
import { NotFoundError } from "../services/errors.ts";

const mailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});

/** The development mailbox: every e-mail the store sent while no SMTP_URL is set. Never in production. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db; enabled: boolean }> = async (
  app,
  opts,
) => {
  app.get(
    "/dev/mailbox",
    {
      config: { auth: "public" },
      schema: {
        tags: ["development"],
        summary: "Messages in the development mailbox (newest first); refused in production",
        querystring: z.object({ to: z.string().optional() }).strict(),
        response: { 200: z.array(mailSchema) },
      },
    },
    async (request) => {
      if (!opts.enabled) throw new NotFoundError("The development mailbox is off in production");
      // Filtered in SQL, so an address's older messages are found behind 200 newer ones to others.
      const to = request.query.to?.trim().toLowerCase();
      const rows = await opts.db
        .select()
        .from(devMailbox)
        .where(to ? sql`lower(${devMailbox.toAddress}) = ${to}` : undefined)
        .orderBy(desc(devMailbox.createdAt))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        from: r.fromAddress,
        to: r.toAddress,
        subject: r.subject,
        html: r.html,
        text: r.text,
        headers: r.headers,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
};
