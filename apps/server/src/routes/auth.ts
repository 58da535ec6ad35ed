import {
  AUTH_MESSAGES,
  cartMergeSchema,
  changePasswordSchema,
  emailOnlySchema,
  errorSchema,
  forgotPasswordSchema,
  loginSchema,
  messageSchema,
  profileSchema,
  registerReplySchema,
  registerSchema,
  requestEmailChangeSchema,
  resendEmailChangeSchema,
  resetPasswordSchema,
  userReplySchema,
  userSchema,
  verifyEmailChangeSchema,
  verifyFirstReplySchema,
  verifyOtpSchema,
} from "@vastra/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  clearGuestCartCookie,
  clearSessionCookie,
  currentUser,
  setSessionCookie,
} from "../http/auth.ts";
import { type AuthService, toUser } from "../services/auth/accounts.ts";
import type { CartService } from "../services/cart/index.ts";

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  429: errorSchema,
};
const meta = (request: FastifyRequest) => ({
  userAgent: request.headers["user-agent"],
  ip: request.ip,
});

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  secureCookies: boolean;
  cart?: CartService;
}> = async (app, opts) => {
  const { auth, secureCookies, cart } = opts;
  const tags = ["auth"];

  /**
   * Signing in (or joining) merges the visitor's guest cart into the account's (record 0044); the
   * reply says what was moved and what was held to the stock left.
   */
  const mergeGuestCart = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    if (!cart || !request.guestCartId) return {};
    const merged = await cart.mergeGuest(request.guestCartId, userId);
    clearGuestCartCookie(reply, secureCookies);
    return merged ? { cartMerge: merged } : {};
  };

  app.post(
    "/auth/register",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary:
          "Join: e-mails a 6-digit code (a taken address answers the same; its owner gets a notice)",
        body: registerSchema,
        response: { 201: registerReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = await auth.register(request.body, request.ip);
      return reply.status(201).send({ message: AUTH_MESSAGES.registered, email });
    },
  );

  app.post(
    "/auth/verify-otp",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Verify the join code: marks the e-mail verified and signs in",
        body: verifyOtpSchema,
        response: {
          200: userReplySchema.extend({ cartMerge: cartMergeSchema.optional() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const signed = await auth.verifyRegistration(request.body, request.ip, meta(request));
      setSessionCookie(reply, signed.token, signed.expiresAt, secureCookies);
      const merged = await mergeGuestCart(request, reply, signed.user._id);
      return { message: AUTH_MESSAGES.verified, user: signed.user, ...merged };
    },
  );

  app.post(
    "/auth/resend-otp",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Send a new join code (at most one a minute, five an hour)",
        body: emailOnlySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resendRegistrationCode(request.body, request.ip);
      return { message: AUTH_MESSAGES.codeResent };
    },
  );

  app.post(
    "/auth/login",
    {
      config: { auth: "public", errorMsgField: true },
      schema: {
        tags,
        summary: "Sign in; errors carry msg as well as message",
        body: loginSchema,
        response: {
          200: userSchema.extend({ cartMerge: cartMergeSchema.optional() }),
          ...errors,
          403: verifyFirstReplySchema,
        },
      },
    },
    async (request, reply) => {
      const signed = await auth.login(request.body, request.ip, meta(request));
      setSessionCookie(reply, signed.token, signed.expiresAt, secureCookies);
      return { ...signed.user, ...(await mergeGuestCart(request, reply, signed.user._id)) };
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { auth: "public" },
      schema: { tags, summary: "Sign out of this session", response: { 200: messageSchema } },
    },
    async (request, reply) => {
      if (request.sessionId) await auth.logout(request.sessionId);
      clearSessionCookie(reply, secureCookies);
      // The next visitor on this browser starts with a fresh guest cart (record 0044).
      if (request.guestCartId) clearGuestCartCookie(reply, secureCookies);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.get(
    "/auth/me",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "The signed-in user",
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request) => toUser(currentUser(request)),
  );

  app.post(
    "/auth/forgot-password",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "E-mail a reset code; answers the same whether or not the account exists",
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body, request.ip);
      return { message: AUTH_MESSAGES.resetSent };
    },
  );

  app.post(
    "/auth/reset-password",
    {
      config: { auth: "public" },
      schema: {
        tags,
        summary: "Set a new password with the reset code; ends every session",
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );

  app.put(
    "/auth/profile",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Change name and phone",
        body: profileSchema,
        response: { 200: userReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.updateProfile(currentUser(request).id, request.body);
      return { message: AUTH_MESSAGES.profileUpdated, user };
    },
  );

  app.post(
    "/auth/request-email-change",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary:
          "With the current password: a code to the new address (a notice instead when it is taken) and a notice to the old one",
        body: requestEmailChangeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.requestEmailChange(currentUser(request), request.body);
      return { message: AUTH_MESSAGES.emailCodeSent };
    },
  );

  app.post(
    "/auth/resend-email-change",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Another code for an e-mail change asked for (with the password) in the last hour",
        body: resendEmailChangeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resendEmailChangeCode(currentUser(request), request.body);
      return { message: AUTH_MESSAGES.emailCodeSent };
    },
  );

  app.post(
    "/auth/verify-email-change",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Confirm the new address with its code",
        body: verifyEmailChangeSchema,
        response: { 200: userReplySchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.verifyEmailChange(currentUser(request), request.body, request.ip);
      return { message: AUTH_MESSAGES.emailUpdated, user };
    },
  );

  app.put(
    "/auth/password",
    {
      config: { auth: "user" },
      schema: {
        tags,
        summary: "Change password; ends every other session",
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(currentUser(request), request.sessionId!, request.body);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );
};
