import {
  createReviewSchema,
  errorSchema,
  fitQuestionSchema,
  messageSchema,
  REVIEW_MESSAGES,
  reviewReplySchema,
  reviewSchema,
  reviewVisibilitySchema,
  updateReviewSchema,
} from "@vastra/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../http/auth.ts";
import type { ReviewService } from "../services/reviews/index.ts";

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (
  app,
  { reviews },
) => {
  const tags = ["reviews"];

  app.get(
    "/reviews/:productId",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "A product's reviews, newest first",
        params: z.object({ productId: z.string() }),
        response: { 200: z.array(reviewSchema), 404: errorSchema },
      },
    },
    async (request) => reviews.listForProduct(request.params.productId),
  );

  app.get(
    "/reviews/:productId/fit-question",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary:
          "May the shopper say how it fitted (a verified buyer), and the size they bought (record 0046)",
        params: z.object({ productId: z.string() }),
        response: { 200: fitQuestionSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => reviews.fitQuestion(currentUser(request), request.params.productId),
  );

  app.post(
    "/reviews",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Review a product (one review per shopper and product)",
        body: createReviewSchema,
        response: { 201: reviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await reviews.create(currentUser(request), request.body);
      return reply.status(201).send(review);
    },
  );

  app.put(
    "/reviews/:id",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Change a review (its author or an admin)",
        params: z.object({ id: z.string() }),
        body: updateReviewSchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/reviews/:id",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Delete a review (its author or an admin)",
        params: z.object({ id: z.string() }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await reviews.remove(currentUser(request), request.params.id);
      return { message: REVIEW_MESSAGES.deleted };
    },
  );

  // Moderation (admin; record 0042): hide or show a review, and the store's one reply to it.
  const adminTags = ["admin: reviews"];
  const idParams = z.object({ id: z.string() });

  app.put(
    "/reviews/:id/visibility",
    {
      config: { auth: "admin" },
      schema: {
        tags: adminTags,
        summary:
          "Hide a review from the shop (product page, rating, count) or show it again (admin)",
        params: idParams,
        body: reviewVisibilitySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.setHidden(request.params.id, request.body.hidden),
  );

  app.put(
    "/reviews/:id/reply",
    {
      config: { auth: "admin" },
      schema: {
        tags: adminTags,
        summary: "Write or change the store's reply to a review (one per review; admin)",
        params: idParams,
        body: reviewReplySchema,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.setReply(request.params.id, request.body.reply),
  );

  app.delete(
    "/reviews/:id/reply",
    {
      config: { auth: "admin" },
      schema: {
        tags: adminTags,
        summary: "Remove the store's reply to a review (admin)",
        params: idParams,
        response: { 200: reviewSchema, ...errors },
      },
    },
    async (request) => reviews.removeReply(request.params.id),
  );
};
