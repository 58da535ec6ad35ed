/**
 * One log line per request worth reading, instead of Fastify's two per request (issue #11: at
 * thousands of requests a second the pino lines cost more than the answers). Logged: answers of
 * 500 and above, and answers slower than `slowMs`; with LOG_LEVEL=debug, every request. Errors
 * themselves are logged where they happen (http/error-handler.ts), with their stack.
 */
import type { FastifyInstance } from "fastify";

export const SLOW_REQUEST_MS = 1000;

export function registerRequestLog(app: FastifyInstance, slowMs = SLOW_REQUEST_MS): void {
  // Read once: the level is set at start-up (LOG_LEVEL).
  const everyRequest = app.log.level === "debug" || app.log.level === "trace";
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500 || ms >= slowMs) {
      request.log.warn(
        { method: request.method, url: request.url, status, ms: Math.round(ms) },
        status >= 500 ? "request failed" : "slow request",
      );
    } else if (everyRequest) {
      request.log.debug(
        { method: request.method, url: request.url, status, ms: Math.round(ms) },
        "request completed",
      );
    }
    done();
  });
}
