import {
  errorSchema,
  messageSchema,
  NEWSLETTER_MESSAGES,
  subscribeSchema,
  unsubscribeSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ValidationError } from "../services/errors.ts";
import type { NewsletterService } from "../services/newsletter/index.ts";

/** email and token, from a JSON body, a form body or the query string. */
const linkFields = z.object({ email: z.string().optional(), token: z.string().optional() });

export const newsletterRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (
  app,
  { newsletter },
) => {
  const tags = ["newsletter"];

  // RFC 8058 one-click unsubscribes POST a form ('List-Unsubscribe=One-Click'), url-encoded or
  // multipart; only these routes accept such bodies.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    "multipart/form-data",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  app.post(
    "/newsletter/subscribe",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Subscribe to the newsletter (idempotent; re-subscribes an unsubscribed address)",
        body: subscribeSchema,
        response: { 200: messageSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await newsletter.subscribe(request.body, request.ip);
      return { message: NEWSLETTER_MESSAGES.subscribed };
    },
  );

  app.post(
    "/newsletter/unsubscribe",
    {
      // Mail providers POST the one-click unsubscribe from their own origin; the token is the guard.
      config: { auth: "public", allowCrossSite: true },
      schema: {
        tags,
        summary: "Unsubscribe with the e-mailed link's email and token",
        description:
          "JSON body `{ email, token }`, or (RFC 8058 one-click) email and token in the query string with a form body `List-Unsubscribe=One-Click`.",
        body: linkFields.loose().nullish(),
        querystring: linkFields,
        response: { 200: messageSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const parsed = unsubscribeSchema.safeParse({
        email: request.body?.email ?? request.query.email,
        token: request.body?.token ?? request.query.token,
      });
      if (!parsed.success) {
        throw new ValidationError(
          parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.invalidLink,
        );
      }
      const result = await newsletter.unsubscribe(parsed.data);
      return {
        message:
          result === "unsubscribed"
            ? NEWSLETTER_MESSAGES.unsubscribed
            : NEWSLETTER_MESSAGES.alreadyUnsubscribed,
      };
    },
  );

  app.get(
    "/newsletter/unsubscribe",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary:
          "Opened in a browser (the List-Unsubscribe address): goes on to the unsubscribe page",
        querystring: linkFields,
      },
    },
    async (request, reply) => {
      const params = new URLSearchParams();
      if (request.query.email) params.set("email", request.query.email);
      if (request.query.token) params.set("token", request.query.token);
      const search = params.toString();
      return reply.redirect(`/unsubscribe${search ? `?${search}` : ""}`, 303);
    },
  );
};
