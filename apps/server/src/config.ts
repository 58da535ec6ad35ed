/**
 * Settings from the environment (a .env file is read when present), validated once at start-up.
 * A wrong or missing required setting stops start-up with one line that names it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: "is not a valid URL" });

const POSITIVE_MESSAGE = "must be a whole number of at least 1";
const positiveInt = z.coerce
  .number({ error: POSITIVE_MESSAGE })
  .int(POSITIVE_MESSAGE)
  .min(1, POSITIVE_MESSAGE);

const PORT_MESSAGE = "must be a whole number from 0 to 65535";

const TRUST_PROXY_MESSAGE =
  "must be how many proxies stand in front of the store (like 1), or their addresses or CIDR ranges separated by commas (like 10.0.0.1,192.168.0.0/16)";
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Which X-Forwarded-For hops to believe: none (unset or 0), the last n, or those sent by the given
 * addresses. Never "true": that believes every hop, so any caller could name its own address and
 * slip past the per-address rate limits. Undefined when invalid.
 */
function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 32 ? hops : undefined;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const valid = entries.every(
    (entry) =>
      PROXY_RANGE_NAMES.has(entry) ||
      isIP(entry) !== 0 ||
      (ipaddr.isValidCIDR(entry) && isIP(entry.split("/")[0] ?? "") !== 0),
  );
  return valid ? entries : undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  // No default here: it depends on NODE_ENV (loadConfig).
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_URL: optionalUrl(["http://", "https://"]),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  // Connections of each process's pool (PostgreSQL; record 0032). Three more: the catalogue's and
  // the sessions' listeners, job locks.
  DATABASE_POOL_MAX: positiveInt.default(10),
  // PGlite's shared buffers (record 0069); unset: db/client.ts's PGLITE_SHARED_BUFFERS. PGlite
  // does not start with 2GB (its WebAssembly heap), and 1GB already takes ~5 s to start.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .refine((v) => /^(?:[1-9]\d{0,3}MB|1GB)$/.test(v) && Number.parseInt(v, 10) <= 1024, {
      message: "must be a size from 1MB to 1GB, such as 32MB or 256MB",
    })
    .optional(),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  MAIL_FROM: z.string().trim().min(3).default("Vastra <hello@vastra.example>"),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  APP_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters",
    }),
  SEED_DEMO: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === undefined) {
        ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
        return z.NEVER;
      }
      return trust;
    }),
  // Per-shopper order limits (docs/decisions/0025-order-and-mail-abuse.md).
  ORDER_PENDING_LIMIT: positiveInt.default(3),
  ORDER_PENDING_UNITS_LIMIT: positiveInt.default(20),
  ORDER_PENDING_EXPIRY_HOURS: positiveInt.default(48),
  ORDER_PLACE_HOURLY_LIMIT: positiveInt.default(10),
  ORDER_MAIL_HOURLY_LIMIT: positiveInt.default(10),
  // Seconds an admin's order change waits before its e-mail goes, undoable (record 0039); 0: none.
  ORDER_MAIL_HOLD_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds from 0 to 300" })
    .int({ error: "must be a whole number of seconds from 0 to 300" })
    .min(0, { error: "must be a whole number of seconds from 0 to 300" })
    .max(300, { error: "must be a whole number of seconds from 0 to 300" })
    .default(15),
  // The in-memory list filter index (record 0052); "off" sends unseen list queries to SQL (the
  // bench's before/after switch, or a store that would rather spend the memory elsewhere).
  LIST_INDEX: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  // Development and tests only: the demo admin's password when the demo seed creates it.
  DEMO_ADMIN_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
  // Images in an S3-compatible bucket; S3_BUCKET turns it on (docs/decisions/0030-object-storage.md).
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/, {
      message: "must be a bucket name: 3 to 63 letters, digits, dots or hyphens",
    })
    .optional(),
  S3_ENDPOINT: optionalUrl(["http://", "https://"]),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, { message: "must be a region name like us-east-1 (auto for R2)" })
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .transform((v) => v.replace(/^\/+|\/+$/g, ""))
    .refine(
      (v) => v.split("/").every((part) => /^[A-Za-z0-9._-]+$/.test(part) && !/^\.+$/.test(part)),
      {
        message: "must be folder names of letters, digits, '.', '_' or '-' separated by '/'",
      },
    )
    .optional(),
  // A CDN serving /images/<key> as <this>/<key> (record 0030): pages fetch stored images there.
  IMAGE_PUBLIC_BASE_URL: optionalUrl(["https://", "http://"]).refine(
    (v) => v === undefined || !/[?#]/.test(v),
    { message: "must be a base URL without a query or fragment" },
  ),
});

/**
 * The name of every setting read here. Anything else in the environment is ignored, so a
 * misspelt name would silently fall back to a default: deploy-files.test.ts checks that
 * compose.yaml sets only these.
 */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The most connections the process's PostgreSQL pool opens (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** PGlite's shared_buffers, e.g. "64MB" (PGLITE_SHARED_BUFFERS; record 0069); unset: 32 MB. */
  pgliteSharedBuffers: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  appSecret: string;
  seedDemo: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: TrustProxy;
  orderLimits: OrderLimits;
  /** Whether unseen list queries are answered from the in-memory filter index (LIST_INDEX). */
  listIndex: boolean;
  /** The demo admin's password for a new demo store (tests); otherwise a random one is made. */
  demoAdminPassword?: string | undefined;
  /** Where images are kept when not in DATA_DIR/images: an S3-compatible bucket (S3_BUCKET set). */
  s3: S3Settings | undefined;
  /** IMAGE_PUBLIC_BASE_URL without its trailing slash: where browsers fetch stored images. */
  imagePublicBaseUrl: string | undefined;
};

/** An S3-compatible bucket for images (docs/decisions/0030-object-storage.md). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** A non-AWS server's URL (MinIO, R2, …); undefined for AWS S3. */
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path rather than the host name: S3_FORCE_PATH_STYLE, by default on with S3_ENDPOINT. */
  forcePathStyle: boolean;
  /** Put before every object key: "" or folder names ending in "/". */
  prefix: string;
};

/** Per-shopper order limits (docs/decisions/0025-order-and-mail-abuse.md). */
export type OrderLimits = {
  /** Open (pending) orders a shopper may have at once. */
  pendingOrders: number;
  /** Units across a shopper's pending orders, the new one included. */
  pendingUnits: number;
  /** Hours after which a still-pending order is cancelled by the sweep. */
  pendingExpiryHours: number;
  /** Orders a shopper may place per hour. */
  placementsPerHour: number;
  /** Order e-mails an account may be sent per hour; the rest are dropped (and logged). */
  mailsPerHour: number;
  /** Seconds an admin's change waits before its e-mail goes, undoable (record 0039). */
  mailHoldSeconds?: number;
};

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/** Reads `.env` from the working directory into process.env, never overriding what is set. */
export function loadDotEnv(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (common in .env templates) means "use the default".
  const given = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "settings");
    throw new ConfigError(`Setting ${name} ${describe(issue, env[name])}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.APP_SECRET) {
    throw new ConfigError("Setting APP_SECRET is required in production (at least 32 characters)");
  }
  if (isProduction && e.DEMO_ADMIN_PASSWORD) {
    throw new ConfigError("Setting DEMO_ADMIN_PASSWORD is for development and tests only");
  }
  const s3 = s3Settings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const appSecret = e.APP_SECRET ?? persistedSecret(dataDir);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Outside production only this machine can reach the store (and its dev mailbox) unless HOST
    // says otherwise; production listens on every interface.
    host: e.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    appSecret,
    seedDemo: e.SEED_DEMO === "1",
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    orderLimits: {
      pendingOrders: e.ORDER_PENDING_LIMIT,
      pendingUnits: e.ORDER_PENDING_UNITS_LIMIT,
      pendingExpiryHours: e.ORDER_PENDING_EXPIRY_HOURS,
      placementsPerHour: e.ORDER_PLACE_HOURLY_LIMIT,
      mailsPerHour: e.ORDER_MAIL_HOURLY_LIMIT,
      mailHoldSeconds: e.ORDER_MAIL_HOLD_SECONDS,
    },
    listIndex: e.LIST_INDEX === "on",
    ...(e.DEMO_ADMIN_PASSWORD ? { demoAdminPassword: e.DEMO_ADMIN_PASSWORD } : {}),
    s3,
    imagePublicBaseUrl: e.IMAGE_PUBLIC_BASE_URL?.replace(/\/+$/, ""),
  };
}

/**
 * The S3 settings, or undefined when S3_BUCKET is unset. Another S3_* setting without S3_BUCKET is
 * refused rather than ignored: the store would keep its images on one machine's disk while the
 * operator believes they are in the bucket.
 */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if (!e.S3_BUCKET) {
    const given = (
      [
        ["S3_ENDPOINT", e.S3_ENDPOINT],
        ["S3_ACCESS_KEY_ID", e.S3_ACCESS_KEY_ID],
        ["S3_SECRET_ACCESS_KEY", e.S3_SECRET_ACCESS_KEY],
        ["S3_FORCE_PATH_STYLE", e.S3_FORCE_PATH_STYLE],
        ["S3_PREFIX", e.S3_PREFIX],
      ] as const
    ).find(([, value]) => value !== undefined);
    if (given) {
      throw new ConfigError(`Setting S3_BUCKET is required when ${given[0]} is set`);
    }
    return undefined;
  }
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!e[name]) throw new ConfigError(`Setting ${name} is required when S3_BUCKET is set`);
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY! },
    // MinIO, s3rver and most other servers answer only path-style requests by default.
    forcePathStyle: e.S3_FORCE_PATH_STYLE
      ? e.S3_FORCE_PATH_STYLE === "true"
      : e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX ? `${e.S3_PREFIX}/` : "",
  };
}

function describe(issue: z.core.$ZodIssue, value: string | undefined): string {
  if (value === undefined || value.trim() === "") return "is required";
  return `is invalid (${JSON.stringify(value)}): ${issue.message}`;
}

/** Outside production an unset APP_SECRET is generated once and kept in DATA_DIR. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
