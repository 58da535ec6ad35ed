/**
 * Settings from the environment (a .env file is read when present), validated once at start-up.
 * A wrong or missing required setting stops start-up with one line that names it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
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

const PORT_MESSAGE = "must be a whole number from 0 to 65535";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl(["http://", "https://"]),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
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
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  appSecret: string;
  seedDemo: boolean;
  logLevel: string;
};

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
  const dataDir = path.resolve(e.DATA_DIR);
  const appSecret = e.APP_SECRET ?? persistedSecret(dataDir);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    appSecret,
    seedDemo: e.SEED_DEMO === "1",
    logLevel: e.LOG_LEVEL,
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
