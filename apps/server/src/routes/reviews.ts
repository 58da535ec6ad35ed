import {
  createReviewSchema,
  errorSchema,
  messageSchema,
  REVIEW_MESSAGES,
  reviewSchema,
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
};
