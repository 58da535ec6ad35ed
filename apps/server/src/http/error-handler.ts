/**
 * The one error handler: every failure leaves as `{ message, errors? }` with a correct status.
 * No stack trace, SQL text or internal message ever reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/transient.ts";
import {
  AppError,
  type FieldErrors,
  ServiceUnavailableError,
  TooManyRequestsError,
} from "../services/errors.ts";

export type ErrorBody = { message: string; errors?: FieldErrors; msg?: string };

declare module "fastify" {
  interface FastifyContextConfig {
    /** Login answers also carry the message as `msg`. */
    errorMsgField?: boolean;
  }
}

const BODY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "The request is too large (the limit is 1 MB)"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "This content type is not supported; send JSON"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "The request body is empty; send a JSON object"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "The request body is not valid JSON"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "The request's length does not match its body"],
};

export function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  if (reply.request.routeOptions.config?.errorMsgField) body.msg = body.message;
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The database is away (restarting, failing over): 503 and "try again", not a 500. Whether a
    // write that failed this way committed is unknown; the client's retry is what settles it
    // (orders carry an Idempotency-Key for that). Record 0032.
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      const unavailable = new ServiceUnavailableError();
      reply.header("retry-after", String(unavailable.retryAfterSeconds));
      return send(reply, unavailable.status, { message: unavailable.message });
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
      }
      if (error.status >= 500) request.log.error({ err: error }, "service error");
      const body: ErrorBody = { message: error.message, ...error.details };
      if (error.errors) body.errors = error.errors;
      return send(reply, error.status, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const params = issue.params as { keys?: string[] };
        const keys = params.keys?.length ? params.keys : [issue.instancePath.replace(/^\//, "")];
        for (const key of keys) {
          const field = key.replaceAll("/", ".") || "body";
          errors[field] ??=
            issue.keyword === "unrecognized_keys"
              ? "Unknown field"
              : (issue.message ?? "Invalid value");
        }
      }
      const first = error.validation[0]!;
      if (first.instancePath === "/" && first.keyword === "invalid_type") {
        return send(reply, 400, { message: "The request body must be a JSON object" });
      }
      const message =
        first.keyword === "unrecognized_keys"
          ? `Unknown field: ${Object.keys(errors).join(", ")}`
          : (first.message ?? "Invalid request");
      return send(reply, 400, { message, errors });
    }
    const known = error.code ? BODY_MESSAGES[error.code] : undefined;
    if (known) return send(reply, known[0], { message: known[1] });
    if (error.statusCode === 429) {
      return send(reply, 429, {
        message: "Too many requests. Please wait a moment and try again.",
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "client error");
      return send(reply, error.statusCode, { message: clientMessage(error.statusCode) });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, { message: "Something went wrong on our side. Please try again." });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      message: `No such API endpoint: ${request.method} ${request.url.split("?")[0]}`,
    }),
  );
}

function clientMessage(status: number): string {
  if (status === 404) return "Not found";
  if (status === 405) return "Method not allowed";
  return "The request could not be processed";
}
