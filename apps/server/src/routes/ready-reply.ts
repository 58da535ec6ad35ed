/**
 * Sends a read model's ready answer (services/catalogue/read-model.ts): 304 when the client holds
 * it already (If-None-Match), else its bytes, compressed ahead in the best encoding the client takes.
 */
import { TOTAL_COUNT_HEADER } from "@vastra/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { acceptedEncodings, etagMatches } from "../http/conditional.ts";
import type { ReadyBody } from "../services/catalogue/read-model.ts";

/**
 * The answer's ETag: its body's, and the X-Total-Count sent with it when there is one (the same
 * page of a list may come with another total; a 304 must not keep the old one in a cache).
 */
function etagOf(reply: FastifyReply, ready: ReadyBody): string {
  const total = reply.getHeader(TOTAL_COUNT_HEADER);
  return total === undefined ? ready.etag : `${ready.etag.slice(0, -1)}.${String(total)}"`;
}

export function sendReady(request: FastifyRequest, reply: FastifyReply, ready: ReadyBody) {
  const etag = etagOf(reply, ready);
  reply.header("etag", etag);
  reply.header("vary", "accept-encoding");
  if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  const encodings = acceptedEncodings(request.headers["accept-encoding"]);
  const wanted =
    encodings.has("br") || encodings.has("*") ? "br" : encodings.has("gzip") ? "gzip" : "identity";
  const { body, encoding } = ready.encoded(wanted);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.type("application/json; charset=utf-8").send(body);
}
