/**
 * Who is calling: reads the session cookie on /api requests, slides its expiry, and enforces each
 * route's `config.auth` ('user', 'admin' or 'public') on the server. Also refuses cross-site writes
 * (CSRF). Deny by default: a route registered here without `config.auth` stops start-up.
 */

import { GUEST_CART_COOKIE, GUEST_CART_DAYS, SESSION_COOKIE } from "@vastra/contracts";
import { isUuid } from "@vastra/contracts/ids";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import type { ListeningSessions } from "../services/auth/session-cache.ts";
import { findSession, type SessionUser } from "../services/auth/sessions.ts";
import type { Clock } from "../services/clock.ts";
import { ForbiddenError, UnauthorizedError } from "../services/errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /**
     * The guest cart's id from the signed guest-cart cookie (record 0044); null without one or when
     * its signature does not hold (a tampered cookie is a fresh, empty guest cart, not an error).
     */
    guestCartId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route: signed-in users, admins only, or everyone. Every /api route must say;
     * one that does not stops start-up.
     */
    auth?: "user" | "admin" | "public";
    /** Accept state-changing calls from other sites (RFC 8058 one-click unsubscribe only). */
    allowCrossSite?: boolean;
    /**
     * False on a write route that never changes a user or a session (the cart, orders): its reply
     * does not wait for the session notices (record 0068).
     */
    changesSessions?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expires: Date,
  secure: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

/** The guest cart's cookie: its id signed with the app secret, for GUEST_CART_DAYS (record 0044). */
export function setGuestCartCookie(
  reply: FastifyReply,
  guestCartId: string,
  secure: boolean,
): void {
  reply.setCookie(GUEST_CART_COOKIE, guestCartId, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: GUEST_CART_DAYS * 86_400,
    signed: true,
  });
}

export function clearGuestCartCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(GUEST_CART_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      db: Db;
      clock: Clock;
      secureCookies: boolean;
      publicUrl: string;
      /** Sessions kept in memory (record 0068); without, every request reads its session. */
      sessions?: ListeningSessions;
    },
  ) => {
    const publicHost = new URL(opts.publicUrl).host;
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    app.decorateRequest("guestCartId", null);

    // Deny by default: forgetting `auth` must not silently open a route to everyone.
    app.addHook("onRoute", (route) => {
      if (!route.config?.auth) {
        const methods = [route.method].flat().join(",");
        throw new Error(
          `Route ${methods} ${route.url} declares no config.auth ("user", "admin" or "public")`,
        );
      }
    });

    app.addHook("onRequest", async (request) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossSite) return;
      const origin = request.headers.origin;
      if (origin) {
        const host = URL.canParse(origin) ? new URL(origin).host : "";
        const ownHost = URL.canParse(`${request.protocol}://${request.host}`)
          ? new URL(`${request.protocol}://${request.host}`).host
          : request.host;
        if (host !== ownHost && host !== publicHost) {
          throw new ForbiddenError("This request came from another site and was refused");
        }
      } else if (request.headers["sec-fetch-site"] === "cross-site") {
        throw new ForbiddenError("This request came from another site and was refused");
      }
    });

    // Before body validation, so a guest hears 401 rather than a complaint about the body.
    app.addHook("preValidation", async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const session = await findSession(opts.db, token, opts.clock(), opts.sessions?.cache);
        if (session) {
          request.user = session.user;
          request.sessionId = session.id;
          if (session.renewed)
            setSessionCookie(reply, token, session.expiresAt, opts.secureCookies);
        } else {
          clearSessionCookie(reply, opts.secureCookies);
        }
      }
      const guestCookie = request.cookies[GUEST_CART_COOKIE];
      if (guestCookie) {
        const unsigned = request.unsignCookie(guestCookie);
        if (unsigned.valid && unsigned.value && isUuid(unsigned.value)) {
          request.guestCartId = unsigned.value;
        }
      }
      const need = request.routeOptions.config?.auth;
      if (need === "public") return;
      if (!request.user) throw new UnauthorizedError();
      if (need === "admin" && !request.user.isAdmin)
        throw new ForbiddenError("Only store admins can do that");
    });

    // A write that ended or changed a session (a sign-out, a password change, an admin's role)
    // answers once this process has heard its notice, so no later request here is let in with it.
    // A callback, not an async hook: reads pass through without a promise.
    const sessions = opts.sessions;
    if (sessions) {
      app.addHook("onSend", (request, reply, payload, done) => {
        if (
          SAFE_METHODS.has(request.method) ||
          reply.statusCode >= 400 ||
          request.routeOptions.config?.changesSessions === false
        ) {
          done(null, payload);
          return;
        }
        sessions.settle().then(() => done(null, payload));
      });
    }
  },
  { name: "vastra-auth" },
);

/** The signed-in user of a route declared with `config.auth`. */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
