/**
 * Guest pages rendered once and reused (issue #11, record 0029): the server-rendered HTML of the
 * storefront's public pages for signed-out visitors, per catalogue version and URL.
 *
 * - Only GET, only the listed paths, only without a session or guest-cart cookie (record 0044: the
 *   header shows a guest's own cart count); a miss is stored only when the
 *   page answered 200 and set no cookie. Signed-in shoppers are never served from it nor stored.
 * - A page is rendered with a placeholder nonce; every response (the miss that stores it, and each
 *   hit) gets its own nonce substituted, matching its own Content-Security-Policy header.
 * - A stored page is kept gzip-compressed around its nonces (http/gzip-template.ts): a hit that
 *   takes gzip copies the compressed pieces with its nonce in between and compresses nothing.
 * - Entries live at most `ttlMs` (and are keyed by `version()`, so a catalogue write retires them
 *   at once when a version is given). The cache is bounded by entries and bytes (lru-cache).
 * - Concurrent misses of one page wait for the first render rather than all rendering it.
 */
import { createHash, randomBytes } from "node:crypto";
import { GUEST_CART_COOKIE, SESSION_COOKIE } from "@vastra/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { ServerBuild } from "react-router";
import { acceptedEncodings, etagMatches } from "./conditional.ts";
import { fillGzip, fillPlain, type GzipTemplate, gzipTemplate } from "./gzip-template.ts";

export type PageCacheOptions = {
  /**
   * The catalogue's version: pages are keyed by it, so a shopper-visible write (price, stock,
   * product, ad, store settings) retires every stored page. Unset: pages only expire by `ttlMs`.
   */
  version?: () => string | number | Promise<string | number>;
  /** How long a stored page may be served (default 5 s without a version, 60 s with one). */
  ttlMs?: number;
  /** Bounds of the cache (default 500 pages, 32 MB of HTML). */
  maxEntries?: number;
  maxBytes?: number;
  /** `s-maxage` for a CDN in front, in seconds (default 5); it cannot see the version. */
  sharedMaxAgeSeconds?: number;
  /** `stale-while-revalidate` for a CDN, in seconds (default 5). */
  staleWhileRevalidateSeconds?: number;
  /** Which paths are guest pages that may be cached (default: GUEST_PAGE). */
  isGuestPage?: (pathname: string) => boolean;
};

/** Home, the product list, a product page and the policy pages. */
export const GUEST_PAGE =
  /^\/(?:|products|products\/[A-Za-z0-9_-]+|shipping|cancellations|terms|general-policy|contact)\/?$/;

type Entry = { page: GzipTemplate; etag: string; headers: Record<string, string> };

/** A request that missed: it renders with the placeholder nonce and may store the result. */
type Ticket = { key: string; nonce: string; settle: () => void };

export type PageCache = {
  /**
   * The nonce the render of this request's page must use (the placeholder on a cacheable miss);
   * `context` is the request's load context, which the render is later recognised by.
   */
  nonceFor(request: FastifyRequest, reply: FastifyReply, context: object): string;
  /** Whether this request's page is to be stored (a cacheable miss): it is then rendered whole. */
  stores(request: FastifyRequest): boolean;
  /**
   * The server build with its render wrapped: a cacheable miss's body has the placeholder replaced
   * by the response's nonce on the way out, and is stored when it completes.
   */
  wrapBuild(build: ServerBuild): ServerBuild;
  /** Pages stored now (tests, diagnostics). */
  readonly size: number;
};

/** Registers the lookup hook on `app`; call before the web routes. */
export function registerPageCache(app: FastifyInstance, options: PageCacheOptions = {}): PageCache {
  const ttl = options.ttlMs ?? (options.version ? 60_000 : 5_000);
  const isGuestPage = options.isGuestPage ?? ((p: string) => GUEST_PAGE.test(p));
  const cacheControl = `public, max-age=0, s-maxage=${options.sharedMaxAgeSeconds ?? 5}, stale-while-revalidate=${options.staleWhileRevalidateSeconds ?? 5}`;
  // Same alphabet and length as a real nonce, random per process: it never occurs by chance.
  const placeholder = randomBytes(16).toString("base64");
  const pages = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 500,
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, entry.page.byteLength),
    ttl,
  });
  const rendering = new Map<string, Promise<void>>();
  const tickets = new WeakMap<FastifyRequest, Ticket>();
  const requests = new WeakMap<object, FastifyRequest>();

  const guestHeaders = (reply: FastifyReply) => {
    reply.header("cache-control", cacheControl);
    reply.header("vary", "Cookie, Accept-Encoding");
  };

  const serve = (reply: FastifyReply, request: FastifyRequest, entry: Entry) => {
    guestHeaders(reply);
    reply.header("etag", entry.etag);
    reply.header("x-page-cache", "hit");
    if (etagMatches(request.headers["if-none-match"], entry.etag)) {
      // The browser keeps the page it has, with its nonce: a new CSP header would block its scripts.
      reply.removeHeader("content-security-policy");
      return reply.code(304).send();
    }
    for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
    const nonce = Buffer.from(reply.scriptNonce);
    const encodings = acceptedEncodings(request.headers["accept-encoding"]);
    if (encodings.has("gzip") || encodings.has("*")) {
      reply.header("content-encoding", "gzip");
      return reply.code(200).send(fillGzip(entry.page, nonce));
    }
    return reply.code(200).send(fillPlain(entry.page, nonce));
  };

  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "GET") return;
    const pathname = request.url.split("?")[0]!;
    if (!isGuestPage(pathname) || hasSession(request)) return;
    const version = options.version ? String(await options.version()) : "";
    const key = `${version}\n${request.headers.host ?? ""}\n${request.url}`;
    let entry = pages.get(key);
    if (!entry) {
      const pending = rendering.get(key);
      // No await unless there is something to wait for: the first miss must claim the render
      // before the next request's hook runs.
      if (pending) {
        await pending;
        entry = pages.get(key);
      }
    }
    if (entry) return serve(reply, request, entry);

    let settle!: () => void;
    const done = new Promise<void>((resolve) => {
      settle = () => {
        if (rendering.get(key) === done) rendering.delete(key);
        resolve();
      };
    });
    if (!rendering.has(key)) rendering.set(key, done);
    tickets.set(request, { key, nonce: reply.scriptNonce, settle });
    guestHeaders(reply);
    reply.header("x-page-cache", "miss");
  };
  // Whatever became of the render (stored, an error, a redirect, the client left), release waiters.
  const release = async (request: FastifyRequest) => tickets.get(request)?.settle();
  // On the web app's catch-all route only (its pages are the only ones kept): the API, the probes
  // and files do not pay for these hooks (issue #11's per-request overhead).
  app.addHook("onRoute", (route) => {
    if (route.url !== "*") return;
    route.onRequest = [...[route.onRequest ?? []].flat(), onRequest];
    route.onResponse = [...[route.onResponse ?? []].flat(), release];
    route.onRequestAbort = [...[route.onRequestAbort ?? []].flat(), release];
  });

  return {
    nonceFor(request, reply, context) {
      if (!tickets.has(request)) return reply.scriptNonce;
      requests.set(context, request);
      return placeholder;
    },
    stores: (request) => tickets.has(request),
    wrapBuild(build) {
      const render = build.entry.module.default;
      const wrapped: typeof render = async (...args) => {
        const response = await render(...args);
        const request = requests.get(args[4] as object);
        return request ? wrapRender(response, request) : response;
      };
      return {
        ...build,
        entry: { ...build.entry, module: { ...build.entry.module, default: wrapped } },
      };
    },
    get size() {
      return pages.size;
    },
  };

  function wrapRender(response: Response, request: FastifyRequest): Response {
    const ticket = tickets.get(request);
    if (!ticket || !response.body) return response;
    const storable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      (response.headers.get("content-type") ?? "").startsWith("text/html");
    const kept: Record<string, string> = {};
    for (const name of ["content-type", "link"]) {
      const value = response.headers.get(name);
      if (value) kept[name] = value;
    }
    const body = response.body.pipeThrough(
      substitute(placeholder, ticket.nonce, (html) => {
        if (!storable) return;
        const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
        const pieces = html.split(placeholder).map((piece) => Buffer.from(piece));
        pages.set(ticket.key, { page: gzipTemplate(pieces), etag, headers: kept });
      }),
    );
    return new Response(body, { status: response.status, headers: response.headers });
  }
}

/**
 * A session, or a guest cart (record 0044): the header's cart badge is the visitor's own, so a
 * guest with a cart is rendered afresh and never stored, like a signed-in shopper.
 */
function hasSession(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return (
    typeof cookie === "string" &&
    (cookie.includes(`${SESSION_COOKIE}=`) || cookie.includes(`${GUEST_CART_COOKIE}=`))
  );
}

/**
 * Replaces `from` with `to` in a UTF-8 stream as it passes (holding back the few characters that
 * may be the start of a split occurrence), and hands the whole text with `from` to `onEnd`.
 */
function substitute(
  from: string,
  to: string,
  onEnd: (original: string) => void,
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const original: string[] = [];
  let tail = "";
  const emit = (text: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (text) controller.enqueue(encoder.encode(text.replaceAll(from, to)));
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      original.push(text);
      const pending = tail + text;
      // Everything up to the last `from.length - 1` characters can be settled now.
      const cut = Math.max(0, pending.length - (from.length - 1));
      const lastMatch = pending.lastIndexOf(from);
      const safe = lastMatch >= 0 && lastMatch + from.length > cut ? lastMatch + from.length : cut;
      emit(pending.slice(0, safe), controller);
      tail = pending.slice(safe);
    },
    flush(controller) {
      const rest = decoder.decode();
      original.push(rest);
      emit(tail + rest, controller);
      onEnd(original.join(""));
    },
  });
}
