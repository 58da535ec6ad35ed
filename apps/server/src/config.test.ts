import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../test/helpers.ts";
import { ConfigError, loadConfig } from "./config.ts";

const SECRET = "a-production-secret-of-at-least-32-characters";

/** The ConfigError loadConfig throws for env; fails when it does not throw one. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("defaults: port 3000, ./data, PGlite, dev mailbox, demo seed, info logs", () => {
    // With APP_SECRET given nothing is written, so the default ./data can be checked safely.
    const config = loadConfig({ APP_SECRET: SECRET });
    expect(config).toEqual({
      env: "development",
      isProduction: false,
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      databasePoolMax: 10,
      smtpUrl: undefined,
      redisUrl: undefined,
      mailFrom: "Vastra <hello@vastra.example>",
      appSecret: SECRET,
      seedDemo: true,
      logLevel: "info",
      trustProxy: false,
      orderLimits: {
        pendingOrders: 3,
        pendingUnits: 20,
        pendingExpiryHours: 48,
        placementsPerHour: 10,
        mailsPerHour: 10,
        mailHoldSeconds: 15,
      },
      listIndex: true,
    });
  });

  it("listens on the loopback address by default outside production, on every interface in production", () => {
    expect(loadConfig({ APP_SECRET: SECRET }).host).toBe("127.0.0.1");
    expect(loadConfig({ APP_SECRET: SECRET, NODE_ENV: "test" }).host).toBe("127.0.0.1");
    expect(loadConfig({ APP_SECRET: SECRET, NODE_ENV: "production" }).host).toBe("0.0.0.0");
    // An explicit HOST wins in every mode.
    expect(loadConfig({ APP_SECRET: SECRET, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ APP_SECRET: SECRET, NODE_ENV: "production", HOST: "10.0.0.5" }).host).toBe(
      "10.0.0.5",
    );
  });

  it("DEMO_ADMIN_PASSWORD is a development and test setting, refused in production", () => {
    expect(loadConfig({ APP_SECRET: SECRET, DEMO_ADMIN_PASSWORD: "Test#Admin1" })).toMatchObject({
      demoAdminPassword: "Test#Admin1",
    });
    expect(
      configError({
        APP_SECRET: SECRET,
        NODE_ENV: "production",
        DEMO_ADMIN_PASSWORD: "Test#Admin1",
      }).message,
    ).toBe("Setting DEMO_ADMIN_PASSWORD is for development and tests only");
    expect(configError({ APP_SECRET: SECRET, DEMO_ADMIN_PASSWORD: "short" }).message).toContain(
      "DEMO_ADMIN_PASSWORD",
    );
  });

  it("without APP_SECRET outside production, generates one and keeps it in DATA_DIR", () => {
    const dataDir = makeTempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.dataDir).toBe(dataDir);
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "app-secret"), "utf8").trim()).toBe(config.appSecret);
    // A restart reads the same secret, so sessions and unsubscribe links stay valid.
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(config.appSecret);
    expect(loadConfig({ DATA_DIR: makeTempDir() }).appSecret).not.toBe(config.appSecret);
  });

  it("takes every setting from the environment", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      PUBLIC_URL: "https://shop.vastra.example/",
      DATA_DIR: "/srv/vastra",
      DATABASE_URL: "postgres://vastra@db.internal:5432/vastra",
      SMTP_URL: "smtps://mailer:pw@smtp.vastra.example:465",
      MAIL_FROM: "Vastra Orders <orders@vastra.example>",
      REDIS_URL: "redis://cache.internal:6379",
      APP_SECRET: SECRET,
      SEED_DEMO: "0",
      TRUST_PROXY: "1",
      ORDER_PENDING_LIMIT: "2",
      ORDER_PENDING_UNITS_LIMIT: "12",
      ORDER_PENDING_EXPIRY_HOURS: "24",
      ORDER_PLACE_HOURLY_LIMIT: "6",
      ORDER_MAIL_HOURLY_LIMIT: "8",
      ORDER_MAIL_HOLD_SECONDS: "0",
      LIST_INDEX: "off",
    });
    expect(config).toEqual({
      env: "production",
      isProduction: true,
      port: 8080,
      host: "127.0.0.1",
      publicUrl: "https://shop.vastra.example",
      dataDir: "/srv/vastra",
      databaseUrl: "postgres://vastra@db.internal:5432/vastra",
      databasePoolMax: 10,
      smtpUrl: "smtps://mailer:pw@smtp.vastra.example:465",
      mailFrom: "Vastra Orders <orders@vastra.example>",
      redisUrl: "redis://cache.internal:6379",
      appSecret: SECRET,
      seedDemo: false,
      logLevel: "info",
      trustProxy: 1,
      orderLimits: {
        pendingOrders: 2,
        pendingUnits: 12,
        pendingExpiryHours: 24,
        placementsPerHour: 6,
        mailsPerHour: 8,
        mailHoldSeconds: 0,
      },
      listIndex: false,
    });
    expect(existsSync("/srv/vastra/app-secret")).toBe(false);
  });

  it.each([
    ["PORT", { PORT: "eighty" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://root@localhost/vastra" }],
    ["DATABASE_URL", { DATABASE_URL: "postgres://db.internal:port/vastra" }],
    ["DATABASE_POOL_MAX", { DATABASE_POOL_MAX: "0" }],
    ["DATABASE_POOL_MAX", { DATABASE_POOL_MAX: "ten" }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example" }],
    ["SEED_DEMO", { SEED_DEMO: "2" }],
    ["APP_SECRET", { APP_SECRET: "too-short" }],
    ["APP_SECRET", { NODE_ENV: "production" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["LIST_INDEX", { LIST_INDEX: "no" }],
  ])("stops with one line naming %s when given %j", (name, env) => {
    const error = configError({ DATA_DIR: makeTempDir(), ...env });
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
    expect(error.message).not.toContain("\n");
    expect(error.message.length).toBeLessThan(200);
  });

  it("treats an empty value as unset, so the default applies", () => {
    const config = loadConfig({
      APP_SECRET: SECRET,
      PORT: "",
      SEED_DEMO: " ",
      DATA_DIR: "",
      SMTP_URL: "",
    });
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(true);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.smtpUrl).toBeUndefined();
  });

  it("DATABASE_POOL_MAX sizes each process's PostgreSQL pool: 10 unless set", () => {
    expect(loadConfig({ APP_SECRET: SECRET }).databasePoolMax).toBe(10);
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_POOL_MAX: "25" }).databasePoolMax).toBe(25);
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_POOL_MAX: "" }).databasePoolMax).toBe(10);
    expect(configError({ APP_SECRET: SECRET, DATABASE_POOL_MAX: "2.5" }).message).toBe(
      'Setting DATABASE_POOL_MAX is invalid ("2.5"): must be a whole number of at least 1',
    );
  });

  it("PGLITE_SHARED_BUFFERS sizes PGlite's shared buffers: the database's default unless set", () => {
    expect(loadConfig({ APP_SECRET: SECRET }).pgliteSharedBuffers).toBeUndefined();
    expect(loadConfig({ APP_SECRET: SECRET, PGLITE_SHARED_BUFFERS: "" }).pgliteSharedBuffers).toBe(
      undefined,
    );
    expect(
      loadConfig({ APP_SECRET: SECRET, PGLITE_SHARED_BUFFERS: "256MB" }).pgliteSharedBuffers,
    ).toBe("256MB");
    expect(
      loadConfig({ APP_SECRET: SECRET, PGLITE_SHARED_BUFFERS: "1GB" }).pgliteSharedBuffers,
    ).toBe("1GB");
    expect(
      loadConfig({ APP_SECRET: SECRET, PGLITE_SHARED_BUFFERS: "1024MB" }).pgliteSharedBuffers,
    ).toBe("1024MB");
    for (const bad of ["32", "32 MB", "0MB", "32mb", "-1MB", "512kB", "1025MB", "2GB"]) {
      expect(configError({ APP_SECRET: SECRET, PGLITE_SHARED_BUFFERS: bad }).message).toBe(
        `Setting PGLITE_SHARED_BUFFERS is invalid ("${bad}"): must be a size from 1MB to 1GB, such as 32MB or 256MB`,
      );
    }
  });

  it("explains what is wrong with the value", () => {
    expect(configError({ SEED_DEMO: "2" }).message).toBe(
      'Setting SEED_DEMO is invalid ("2"): must be 0 or 1',
    );
    expect(configError({ DATABASE_URL: "mysql://root@localhost/vastra" }).message).toContain(
      "must start with postgres:// or postgresql://",
    );
    expect(configError({ NODE_ENV: "production" }).message).toContain(
      "APP_SECRET is required in production",
    );
  });
});

describe("S3 settings (images in a bucket)", () => {
  const KEYS = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret/example+key" };

  it("are off unless S3_BUCKET is set: images stay in DATA_DIR/images", () => {
    expect(loadConfig({ APP_SECRET: SECRET }).s3).toBeUndefined();
    expect(loadConfig({ APP_SECRET: SECRET, S3_BUCKET: "" }).s3).toBeUndefined();
  });

  it("AWS S3: no endpoint, virtual-hosted requests, us-east-1 unless S3_REGION says otherwise", () => {
    expect(loadConfig({ APP_SECRET: SECRET, S3_BUCKET: "vastra-images", ...KEYS }).s3).toEqual({
      bucket: "vastra-images",
      region: "us-east-1",
      endpoint: undefined,
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret/example+key" },
      forcePathStyle: false,
      prefix: "",
    });
    expect(
      loadConfig({ APP_SECRET: SECRET, S3_BUCKET: "b12", S3_REGION: "ap-south-1", ...KEYS }).s3
        ?.region,
    ).toBe("ap-south-1");
  });

  it("an S3-compatible server: path-style by default, S3_FORCE_PATH_STYLE wins, the prefix is a folder", () => {
    const env = {
      APP_SECRET: SECRET,
      S3_BUCKET: "shop",
      S3_ENDPOINT: "http://minio:9000",
      S3_PREFIX: "/vastra/images/",
      ...KEYS,
    };
    expect(loadConfig(env).s3).toMatchObject({
      endpoint: "http://minio:9000",
      forcePathStyle: true,
      prefix: "vastra/images/",
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
    expect(
      loadConfig({ APP_SECRET: SECRET, S3_BUCKET: "shop", S3_FORCE_PATH_STYLE: "true", ...KEYS }).s3
        ?.forcePathStyle,
    ).toBe(true);
  });

  it.each([
    [{ S3_BUCKET: "shop" }, "Setting S3_ACCESS_KEY_ID is required when S3_BUCKET is set"],
    [
      { S3_BUCKET: "shop", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" },
      "Setting S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set",
    ],
    [
      { S3_BUCKET: "shop", S3_ACCESS_KEY_ID: "   ", S3_SECRET_ACCESS_KEY: "x" },
      "Setting S3_ACCESS_KEY_ID is required when S3_BUCKET is set",
    ],
    [
      { S3_ENDPOINT: "http://minio:9000", ...KEYS },
      "Setting S3_BUCKET is required when S3_ENDPOINT is set",
    ],
    [{ ...KEYS }, "Setting S3_BUCKET is required when S3_ACCESS_KEY_ID is set"],
    [{ S3_PREFIX: "images" }, "Setting S3_BUCKET is required when S3_PREFIX is set"],
    [
      { S3_BUCKET: "shop", S3_ENDPOINT: "minio:9000", ...KEYS },
      'Setting S3_ENDPOINT is invalid ("minio:9000"): must start with http:// or https://',
    ],
    [
      { S3_BUCKET: "shop", S3_ENDPOINT: "http://minio:port", ...KEYS },
      'Setting S3_ENDPOINT is invalid ("http://minio:port"): is not a valid URL',
    ],
    [
      { S3_BUCKET: "shop", S3_FORCE_PATH_STYLE: "yes", ...KEYS },
      'Setting S3_FORCE_PATH_STYLE is invalid ("yes"): must be true or false',
    ],
    [{ S3_BUCKET: "my bucket", ...KEYS }, "S3_BUCKET"],
    [{ S3_BUCKET: "ab", ...KEYS }, "S3_BUCKET"],
    [{ S3_BUCKET: "shop", S3_REGION: "Mumbai 1", ...KEYS }, "S3_REGION"],
    [{ S3_BUCKET: "shop", S3_PREFIX: "images/../../etc", ...KEYS }, "S3_PREFIX"],
    [{ S3_BUCKET: "shop", S3_PREFIX: "a//b", ...KEYS }, "S3_PREFIX"],
  ])("%j stops start-up with one line: %s", (env, message) => {
    const error = configError({ APP_SECRET: SECRET, ...env });
    expect(error.message).toContain(message);
    expect(error.message).not.toContain("\n");
    // The secret key is never repeated in a message that ends up in logs.
    expect(error.message).not.toContain(KEYS.S3_SECRET_ACCESS_KEY);
  });
});

describe("IMAGE_PUBLIC_BASE_URL (a CDN serving the stored images)", () => {
  it("is unset by default; set, it is kept without its trailing slash", () => {
    expect(loadConfig({ APP_SECRET: SECRET }).imagePublicBaseUrl).toBeUndefined();
    expect(
      loadConfig({ APP_SECRET: SECRET, IMAGE_PUBLIC_BASE_URL: "https://cdn.example.in/img/" })
        .imagePublicBaseUrl,
    ).toBe("https://cdn.example.in/img");
  });

  it.each([
    ["cdn.example.in/img", "must start with https:// or http://"],
    ["https://cdn.example.in/img?v=1", "must be a base URL without a query or fragment"],
  ])("%s stops start-up with one line: %s", (value, message) => {
    const error = configError({ APP_SECRET: SECRET, IMAGE_PUBLIC_BASE_URL: value });
    expect(error.message).toBe(`Setting IMAGE_PUBLIC_BASE_URL is invalid ("${value}"): ${message}`);
  });
});
