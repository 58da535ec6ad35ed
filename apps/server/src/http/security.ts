/**
 * Security headers on every response: a CSP (frame-ancestors 'none', no 'unsafe-inline' for
 * scripts), nosniff, a referrer policy, HSTS in production, and the request's id.
 *
 * The API's answers (`/api/…` but its HTML docs, and the probes) are data, never a document a
 * browser renders, so they carry the headers that still matter for data — nosniff, the CSP
 * without a nonce (no inline script, no framing), X-Frame-Options, cross-origin resource policy,
 * HSTS — and not the ~300 bytes of document-only policies (opener, origin cluster, referrer,
 * permissions, DNS prefetch, downloads, XSS auditor, Flash): issue #11, every API answer paid
 * for writing, validating and sending them.
 *
 * Paid once, not per request (issue #11): helmet's headers and the CSP of answers without inline
 * scripts (JSON, images, files) are computed at start-up and set by one synchronous hook. Only a
 * response that asks for `reply.scriptNonce` (a server-rendered page) gets a fresh nonce and a CSP
 * naming it, whose scripts then need that nonce.
 */
import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyReply {
    /**
     * The nonce this response's inline scripts must carry. Made on first use, which also switches
     * the response's CSP to one that requires it.
     */
    readonly scriptNonce: string;
    /** The nonce once made ("" before). */
    madeScriptNonce: string;
  }
}

/** A CSP nonce's random bytes (128 bits, as CSP asks), sent base64-encoded. */
const NONCE_BYTES = 16;

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/** The CSP; without a nonce (answers that carry no inline script) scripts may come from 'self' only. */
export function contentSecurityPolicy(
  nonce: string | undefined,
  options: { dev: boolean; imageOrigin?: string | undefined },
): string {
  const directives = [
    "default-src 'self'",
    options.dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : nonce
        ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`
        : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${options.imageOrigin ? ` ${options.imageOrigin}` : ""}`,
    "font-src 'self' data:",
    options.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  return directives.join("; ");
}

/**
 * Whether the URL answers data rather than a document: the API (its HTML docs excepted) and the
 * health probes.
 */
export function isDataUrl(url: string): boolean {
  if (url.startsWith("/api/")) return !url.startsWith("/api/docs");
  return url === "/healthz" || url === "/readyz";
}

/** The headers helmet sets for these options (they do not depend on the request), captured once. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  /** imageOrigin: the CDN's origin that stored images come from (IMAGE_PUBLIC_BASE_URL). */
  options: { production: boolean; dev: boolean; imageOrigin?: string | undefined },
): Promise<void> {
  const fixed: Record<string, string> = {
    ...helmetHeaders({
      contentSecurityPolicy: false,
      strictTransportSecurity: options.production
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
    "permissions-policy": PERMISSIONS_POLICY,
    "content-security-policy": contentSecurityPolicy(undefined, options),
  };
  const names = Object.keys(fixed);
  // A document's policies make no sense on data; these do (OWASP's REST security headers).
  const forData: Record<string, string> = {
    // The pages' nonce-less policy, not a stricter one: a PDF (invoices) opens in the browser's
    // own viewer, which a `default-src 'none'` would break.
    "content-security-policy": fixed["content-security-policy"]!,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "cross-origin-resource-policy": "same-origin",
    ...(fixed["strict-transport-security"]
      ? { "strict-transport-security": fixed["strict-transport-security"] }
      : {}),
  };
  const dataNames = Object.keys(forData);

  // Nonces come from a pool of random bytes filled 256 nonces at a time (as crypto.randomUUID
  // does): one call into the system's generator per page answer cost ~5 % of a cached page's CPU.
  // The bytes are as unpredictable as before and never handed out twice.
  const pool = Buffer.alloc(NONCE_BYTES * 256);
  let taken = pool.length;
  const freshNonce = () => {
    if (taken === pool.length) {
      randomFillSync(pool);
      taken = 0;
    }
    taken += NONCE_BYTES;
    return pool.toString("base64", taken - NONCE_BYTES, taken);
  };

  app.decorateReply("madeScriptNonce", "");
  app.decorateReply("scriptNonce", {
    getter(this: FastifyReply) {
      if (!this.madeScriptNonce) {
        this.madeScriptNonce = freshNonce();
        this.header(
          "content-security-policy",
          contentSecurityPolicy(this.madeScriptNonce, options),
        );
      }
      return this.madeScriptNonce;
    },
  });
  // Synchronous and without allocation beyond the headers themselves: it runs on every request.
  app.addHook("onRequest", (request, reply, done) => {
    if (isDataUrl(request.url)) for (const name of dataNames) reply.header(name, forData[name]);
    else for (const name of names) reply.header(name, fixed[name]);
    reply.header("x-request-id", request.id);
    done();
  });
}
