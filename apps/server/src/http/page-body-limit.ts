/**
 * A size limit for the bodies of page requests (form posts to /login, /checkout…). The web app's
 * adapter hands React Router the raw request stream, so without this a multi-gigabyte POST would be
 * read into memory by the page's action. Our largest page form is far below 64 KB.
 */
import { Readable } from "node:stream";
import type { FastifyReply, preParsingAsyncHookHandler } from "fastify";
import { AppError } from "../services/errors.ts";

export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

function tooLarge(reply: FastifyReply, limit: number): AppError {
  // The rest of the body stays unread: close the connection after answering rather than drain it.
  reply.header("connection", "close");
  return new AppError(413, `The form is too large (the limit is ${Math.floor(limit / 1024)} KB)`);
}

/**
 * Reads at most `limit` bytes of `stream`; undefined once it has more (reading stops there and the
 * stream is left paused, not drained).
 */
export function readAtMost(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        stream.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
  });
}

/**
 * The preParsing hook of the page routes: a declared Content-Length over the limit is refused
 * before reading; a chunked body is counted while it arrives and refused at the first byte past the
 * limit. Either way the answer is a 413 and the connection closes.
 */
export function limitPageBody(limit = PAGE_BODY_LIMIT_BYTES): preParsingAsyncHookHandler {
  return async function limitPageBody(request, reply, payload) {
    if (NO_BODY.has(request.method)) return payload;
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > limit) throw tooLarge(reply, limit);
    const body = await readAtMost(payload, limit);
    if (body === undefined) throw tooLarge(reply, limit);
    const stream = Readable.from([body], { objectMode: false });
    // What Fastify's own body parsers compare with Content-Length.
    return Object.assign(stream, { receivedEncodedLength: body.length });
  };
}
