/**
 * Builds the one Fastify process: security headers, compression, the REST API under /api with its
 * OpenAPI document, health checks, and (unless disabled) the server-rendered web app.
 * Plugin order: infrastructure → API → web (the web app's catch-all goes last).
 */
import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { authPlugin } from "./http/auth.ts";
import { registerErrorHandling, send } from "./http/error-handler.ts";
import { registerInputGuard } from "./http/input-guard.ts";
import { registerRequestLog } from "./http/request-log.ts";
import { registerSecurity } from "./http/security.ts";
import { addressRoutes } from "./routes/addresses.ts";
import { adminActivityRoutes } from "./routes/admin-activity.ts";
import { adminAdRoutes } from "./routes/admin-ads.ts";
import { adminBulkRoutes } from "./routes/admin-bulk.ts";
import { adminCategoryRoutes } from "./routes/admin-categories.ts";
import { adminNewsletterRoutes } from "./routes/admin-newsletter.ts";
import { adminOrderRoutes } from "./routes/admin-orders.ts";
import { adminProductRoutes } from "./routes/admin-products.ts";
import { adminReviewRoutes } from "./routes/admin-reviews.ts";
import { adminStatsRoutes } from "./routes/admin-stats.ts";
import { adminUploadRoutes } from "./routes/admin-uploads.ts";
import { adRoutes } from "./routes/ads.ts";
import { authRoutes } from "./routes/auth.ts";
import { cartRoutes } from "./routes/cart.ts";
import { catalogueRoutes } from "./routes/catalogue.ts";
import { registerCatalogueReadModel } from "./routes/catalogue-read-model.ts";
import { contactRoutes } from "./routes/contact.ts";
import { couponRoutes } from "./routes/coupons.ts";
import { deliveryRoutes } from "./routes/delivery.ts";
import { devMailboxRoutes } from "./routes/dev-mailbox.ts";
import { gstRoutes } from "./routes/gst.ts";
import { healthRoutes } from "./routes/health.ts";
import { imageRoutes } from "./routes/images.ts";
import { newsletterRoutes } from "./routes/newsletter.ts";
import { orderConfirmationRoutes } from "./routes/order-confirmation.ts";
import { orderRoutes } from "./routes/orders.ts";
import { redirectRoutes } from "./routes/redirects.ts";
import { referralRoutes } from "./routes/referrals.ts";
import { returnRoutes } from "./routes/returns.ts";
import { reviewRoutes } from "./routes/reviews.ts";
import { seoRoutes } from "./routes/seo.ts";
import { sizeChartRoutes } from "./routes/size-charts.ts";
import { storeRoutes } from "./routes/store.ts";
import { wishlistRoutes } from "./routes/wishlist.ts";
import { createAddressService } from "./services/addresses/index.ts";
import { createAdAdminService } from "./services/ads/admin.ts";
import { createAdService } from "./services/ads/index.ts";
import { createAuthService } from "./services/auth/accounts.ts";
import { listenSessions } from "./services/auth/session-cache.ts";
import { createBulkCatalogueService } from "./services/bulk/index.ts";
import { createCartService } from "./services/cart/index.ts";
import { createAdminProductService } from "./services/catalogue/admin-products.ts";
import { createCategoryAdminService } from "./services/catalogue/categories.ts";
import { createCatalogueService } from "./services/catalogue/index.ts";
import { type Clock, systemClock } from "./services/clock.ts";
import { createContactService } from "./services/contact.ts";
import { createCouponService } from "./services/coupons/index.ts";
import { createDeliveryService } from "./services/delivery/index.ts";
import { type ImageService, imageServiceFor } from "./services/images/index.ts";
import { JOBS, jobLock } from "./services/job-lock.ts";
import { createNewsletterAdmin } from "./services/newsletter/admin.ts";
import { createCampaigns } from "./services/newsletter/campaigns.ts";
import { createNewsletterService } from "./services/newsletter/index.ts";
import { createConfirmationService } from "./services/orders/confirmation.ts";
import { createOrderService } from "./services/orders/index.ts";
import { createRateLimits, type RateLimits } from "./services/rate-limit.ts";
import { createReferralService } from "./services/referrals/index.ts";
import { createReviewAdminService } from "./services/reviews/admin.ts";
import { createReviewService } from "./services/reviews/index.ts";
import { createSitemap } from "./services/seo/sitemap.ts";
import { createSizeChartService } from "./services/size-charts/index.ts";
import { createStatsService } from "./services/stats/index.ts";
import { createUploadService } from "./services/uploads/index.ts";
import { createWishlistService } from "./services/wishlist/index.ts";
import { registerWeb, type WebOptions } from "./web.ts";

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type AppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  rateLimits?: RateLimits;
  /** The image store and processing; by default files under DATA_DIR/images. */
  images?: ImageService;
  /** The built web app to serve; false for API-only (tests). */
  web?: WebOptions | false;
  logger?: boolean | object;
  /**
   * How often to sweep forgotten temporary uploads (older than 24 h) and released images, with the
   * app's own upload service and clock, from when the app is ready until it closes; unset: never
   * (tests call the sweep themselves).
   */
  uploadSweepMs?: number;
};

function trustNearestHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const db = database.db;
  const clock = options.clock ?? systemClock;
  const rateLimits = options.rateLimits ?? createRateLimits(config.redisUrl);
  await rateLimits.ready();

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Which X-Forwarded-For hops name the caller (TRUST_PROXY; none by default). Fastify 5.12
    // ignores a bare hop count (fails closed), so a count becomes "trust the nearest n hops".
    trustProxy:
      typeof config.trustProxy === "number"
        ? trustNearestHops(config.trustProxy)
        : config.trustProxy,
    requestIdHeader: "x-request-id",
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Headers (x-request-id too) in one synchronous hook; request logging only of failed or slow
  // answers (record 0026); compression of compressible answers of 1 KB and more.
  await registerSecurity(app, {
    production: config.isProduction,
    dev: false,
    imageOrigin: config.imagePublicBaseUrl && new URL(config.imagePublicBaseUrl).origin,
  });
  registerRequestLog(app);
  await app.register(compress, { global: true, threshold: 1024 });
  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Vastra API",
        version: "1.0.0",
        description:
          "The REST API of the Vastra store. Errors are `{ message, errors? }`; sign-in uses a session cookie.",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: false,
    // Swagger UI's page loads its scripts by URL without this response's nonce; under
    // 'strict-dynamic' a browser ignores 'self' and blocks them, leaving the docs blank.
    transformStaticCSP: (header) => header.replace(" 'strict-dynamic'", ""),
  });

  const readModel = await registerCatalogueReadModel(app, database);
  const sessions = await listenSessions(database, { log: app.log });
  app.addHook("onClose", () => sessions.close());
  const services = {
    contact: createContactService({ db, rateLimits }),
    delivery: createDeliveryService({ db, clock, rateLimits }),
    auth: createAuthService({ db, clock, rateLimits, secret: config.appSecret }),
    // The configured store (DATA_DIR/images or the S3 bucket) unless the caller brings one.
    images: options.images ?? (await imageServiceFor(config)),
    catalogue: createCatalogueService({
      db,
      readModel,
      listIndex: config.listIndex,
      oneConnection: database.kind === "pglite",
      log: app.log,
    }),
    reviews: createReviewService({ db, clock }),
    sizeCharts: createSizeChartService({ db, readModel }),
    ads: createAdService({ db, readModel, clock }),
    categoryAdmin: createCategoryAdminService({ db }),
    reviewAdmin: createReviewAdminService({ db }),
    stats: createStatsService({ db, clock }),
    cart: createCartService({ db, clock, rateLimits }),
    coupons: createCouponService({ db, clock }),
    addresses: createAddressService({ db, clock }),
    orders: createOrderService({
      db,
      clock,
      publicUrl: config.publicUrl,
      rateLimits,
      limits: config.orderLimits,
      log: app.log,
      appSecret: config.appSecret,
    }),
    // The shopper's confirmation of new orders (record 0038).
    confirmation: createConfirmationService({
      db,
      clock,
      secret: config.appSecret,
      publicUrl: config.publicUrl,
      mailsPerHour: config.orderLimits.mailsPerHour,
      log: app.log,
    }),
    referrals: createReferralService({ db }),
    newsletterAdmin: createNewsletterAdmin({
      db,
      clock,
      appSecret: config.appSecret,
      publicUrl: config.publicUrl,
      rateLimits,
    }),
    campaigns: createCampaigns({ db, clock }),
    newsletter: createNewsletterService({
      db,
      clock,
      rateLimits,
      secret: config.appSecret,
      publicUrl: config.publicUrl,
    }),
  };

  const uploads = createUploadService({ db, images: services.images, clock, log: app.log });
  const { uploadSweepMs } = options;
  if (uploadSweepMs) {
    // One server at a time sweeps (its rows are locked SKIP LOCKED, so two would be safe too).
    const lock = jobLock(database, JOBS.uploads, app.log);
    const sweep = () =>
      void lock(() => uploads.sweepStaleUploads()).catch((err) =>
        app.log.error({ err }, "upload sweep failed"),
      );
    let sweeper: ReturnType<typeof setInterval> | undefined;
    app.addHook("onReady", async () => {
      sweep();
      sweeper = setInterval(sweep, uploadSweepMs);
      sweeper.unref();
    });
    app.addHook("onClose", async () => clearInterval(sweeper));
  }
  const adminProducts = createAdminProductService({ db, clock, uploads });
  const adAdmin = createAdAdminService({ db, clock, uploads });

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(redirectRoutes);
  await app.register(seoRoutes, {
    sitemap: createSitemap({ db, publicUrl: config.publicUrl, clock }),
  });
  await app.register(imageRoutes, { images: services.images });
  await app.register(
    async (api) => {
      // Cookies are read by the API alone (the session); pages pass the Cookie header on as it is.
      await api.register(cookie, { secret: config.appSecret });
      await api.register(authPlugin, {
        db,
        sessions,
        clock,
        secureCookies: config.isProduction,
        publicUrl: config.publicUrl,
      });
      api.get("/openapi.json", { config: { auth: "public" }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(storeRoutes, {
        db,
        readModel,
        imageBaseUrl: config.imagePublicBaseUrl,
      });
      await api.register(contactRoutes, { contact: services.contact });
      await api.register(deliveryRoutes, { delivery: services.delivery });
      await api.register(authRoutes, {
        auth: services.auth,
        secureCookies: config.isProduction,
        cart: services.cart,
      });
      await api.register(devMailboxRoutes, { db, enabled: !config.isProduction });
      await api.register(catalogueRoutes, { catalogue: services.catalogue });
      await api.register(reviewRoutes, { reviews: services.reviews });
      await api.register(sizeChartRoutes, { sizeCharts: services.sizeCharts });
      await api.register(adRoutes, { ads: services.ads });
      await api.register(adminCategoryRoutes, { categories: services.categoryAdmin });
      await api.register(adminReviewRoutes, { reviewAdmin: services.reviewAdmin });
      await api.register(adminAdRoutes, { adAdmin });
      await api.register(adminStatsRoutes, { stats: services.stats });
      await api.register(adminUploadRoutes, { uploads });
      await api.register(adminProductRoutes, { products: adminProducts });
      await api.register(adminBulkRoutes, {
        bulk: createBulkCatalogueService({ db, clock, uploads }),
      });
      await api.register(adminActivityRoutes, { db });
      await api.register(cartRoutes, { cart: services.cart, secureCookies: config.isProduction });
      await api.register(orderRoutes, { orders: services.orders });
      await api.register(couponRoutes, { coupons: services.coupons });
      await api.register(orderConfirmationRoutes, { confirmation: services.confirmation });
      await api.register(addressRoutes, { addresses: services.addresses });
      await api.register(wishlistRoutes, {
        wishlist: createWishlistService({ db, cart: services.cart }),
      });
      await api.register(adminOrderRoutes, {
        db,
        clock,
        publicUrl: config.publicUrl,
        mailsPerHour: config.orderLimits.mailsPerHour,
        log: app.log,
        ...(config.orderLimits.mailHoldSeconds !== undefined
          ? { mailHoldSeconds: config.orderLimits.mailHoldSeconds }
          : {}),
      });
      await api.register(gstRoutes, { db });
      await api.register(returnRoutes, {
        db,
        clock,
        publicUrl: config.publicUrl,
        mailsPerHour: config.orderLimits.mailsPerHour,
        log: app.log,
      });
      await api.register(referralRoutes, { referrals: services.referrals });
      await api.register(newsletterRoutes, { newsletter: services.newsletter });
      await api.register(adminNewsletterRoutes, {
        newsletterAdmin: services.newsletterAdmin,
        campaigns: services.campaigns,
      });
      api.all("/*", { config: { auth: "public" }, schema: { hide: true } }, (request, reply) =>
        send(reply, 404, {
          message: `No such API endpoint: ${request.method} ${request.url.split("?")[0]}`,
        }),
      );
    },
    { prefix: "/api" },
  );

  if (options.web) {
    // Guest pages are kept per catalogue version (every kind a page shows: products, stock and
    // reviews, ads, the popular order, the store's settings), so a write retires them at once;
    // while the read model is suspended (notices lost) nothing is reused.
    const { pageCache } = options.web;
    await registerWeb(app, {
      ...options.web,
      pageCache: pageCache === false ? false : { version: () => readModel.version(), ...pageCache },
    });
  }

  app.addHook("onClose", async () => {
    await rateLimits.close();
  });
  return app;
}
