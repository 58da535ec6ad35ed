import {
  CONTACT_MESSAGES,
  contactReplySchema,
  contactRequestSchema,
  errorSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ContactService } from "../services/contact.ts";

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.post(
    "/contact",
    {
      config: { auth: "public" },
      schema: {
        tags: ["contact"],
        summary: "Send a message to the store",
        body: contactRequestSchema,
        response: { 201: contactReplySchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = await contact.submit(request.body, request.ip);
      return reply.status(201).send({ message: CONTACT_MESSAGES.success, id });
    },
  );
};
