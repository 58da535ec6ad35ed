/**
 * Security headers on every response: a CSP whose scripts need this response's nonce (no
 * 'unsafe-inline' for scripts), frame-ancestors 'none', nosniff, a referrer policy, HSTS in production.
 */
import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyReply {
    /** The nonce this response's inline scripts must carry. */
    scriptNonce: string;
  }
}

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    options.dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
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

export async function registerSecurity(
  app: FastifyInstance,
  options: { production: boolean; dev: boolean },
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", async (_request, reply) => {
    reply.scriptNonce = randomBytes(16).toString("base64");
    reply.header("content-security-policy", contentSecurityPolicy(reply.scriptNonce, options));
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  });
}
