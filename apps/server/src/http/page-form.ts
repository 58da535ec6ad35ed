/**
 * The gate in front of the web app's page actions: a post to a page must be a form that can be
 * read. React Router hands the request to the page's action, which calls `request.formData()`; for
 * any other body that call throws (a JSON or text body, multipart without its boundary or with
 * broken parts, no content type at all) and the shopper got a 500 with the error page. Checking
 * here, once, answers those with a 4xx before any action runs, for every page present and future.
 *
 * Runs after limitPageBody (page-body-limit.ts), so the body is already in memory and at most
 * 64 KB: reading it twice (here, then in the action) costs next to nothing.
 */
import { Readable } from "node:stream";
import type { preParsingAsyncHookHandler } from "fastify";
import { AppError } from "../services/errors.ts";
import { PAGE_BODY_LIMIT_BYTES, readAtMost } from "./page-body-limit.ts";

/** What browsers send for a form, and what React Router's own fetches send for one. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The media type of a Content-Type header, without its parameters, lower-cased. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * Why `body` sent as `contentType` is not a readable form, or undefined when it is. Reads it the
 * way the action will (the platform's FormData parser), so both agree on what a form is.
 */
export async function formProblem(
  contentType: string | undefined,
  body: Buffer,
): Promise<AppError | undefined> {
  if (!FORM_TYPES.has(mediaType(contentType))) {
    return new AppError(
      415,
      "Pages accept forms only (application/x-www-form-urlencoded or multipart/form-data)",
    );
  }
  try {
    await new Response(new Uint8Array(body), {
      headers: { "content-type": contentType! },
    }).formData();
    return undefined;
  } catch {
    return new AppError(400, "The form could not be read. Please reload the page and try again.");
  }
}

/**
 * The preParsing hook of the page routes (after limitPageBody): a body that is not a readable form
 * is answered with a 415 (not a form type) or a 400 (a form type that does not parse); a readable
 * one goes on to the page unchanged.
 */
export function checkPageForm(): preParsingAsyncHookHandler {
  return async function checkPageForm(request, _reply, payload) {
    if (NO_BODY.has(request.method)) return payload;
    const body = await readAtMost(payload, PAGE_BODY_LIMIT_BYTES);
    // Only reached when this hook runs without limitPageBody before it.
    if (body === undefined) throw new AppError(413, "The form is too large");
    const problem = await formProblem(request.headers["content-type"], body);
    if (problem) throw problem;
    const stream = Readable.from([body], { objectMode: false });
    return Object.assign(stream, { receivedEncodedLength: body.length });
  };
}
