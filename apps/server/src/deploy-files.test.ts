/**
 * The deployment files (Dockerfile, .dockerignore, compose.yaml, deploy/nginx.conf), checked by
 * reading them: no container engine runs here, so this is what keeps them in step with the code.
 * A setting renamed in config.ts, a source folder moved, a session cookie renamed, or a secret
 * written into compose.yaml fails here rather than on an operator's first `docker compose up`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SESSION_COOKIE } from "@vastra/contracts";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig, SETTING_NAMES } from "./config.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

// ---------------------------------------------------------------- compose.yaml

type Service = {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
};
const compose = parse(read("compose.yaml"), { merge: true }) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
const apps = services.filter(([, s]) => s.build !== undefined);
const appNames = apps.map(([name]) => name);

/**
 * Values an operator would put in deploy/.env for each required `${NAME:?…}` (placeholders, shaped
 * as the settings demand). A new required variable without one here fails the test.
 */
const OPERATOR_VALUES: Record<string, string> = {
  PUBLIC_URL: "https://shop.example.in",
  APP_SECRET: "placeholder-app-secret-0123456789abcdefghij",
  POSTGRES_PASSWORD: "placeholderpostgrespassword",
  SMTP_URL: "smtps://mailer:placeholder@smtp.example.in:465",
  S3_ACCESS_KEY_ID: "vastra-app",
  S3_SECRET_ACCESS_KEY: "placeholder-s3-secret",
  MINIO_ROOT_USER: "vastra-admin",
  MINIO_ROOT_PASSWORD: "placeholder-minio-password",
};

/** Compose's interpolation of `${NAME:?message}` and `${NAME:-default}` in one value. */
function interpolate(value: string): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g,
    (_all, name: string, kind, rest) => {
      if (kind === "-") return rest as string;
      const given = OPERATOR_VALUES[name];
      if (given === undefined) throw new Error(`no operator value in this test for \${${name}}`);
      return given;
    },
  );
}

/** The app's environment as its containers get it. */
function appEnvironment(service: Service): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value)),
    ]),
  );
}

/** The service that a URL's host names (compose service names are host names). */
function serviceAt(url: string): [string, Service] {
  const host = new URL(url).hostname;
  const found = services.find(([name]) => name === host);
  if (!found) throw new Error(`${url}: no service named ${host}`);
  return found;
}

describe("compose.yaml", () => {
  it("runs at least two app services from one build and one image", () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
    const [first] = apps[0]!;
    for (const [name, service] of apps) {
      expect(service.build, name).toEqual(apps[0]![1].build);
      expect(service.image, name).toBe(apps[0]![1].image);
      expect(service.environment, `${name} has ${first}'s settings`).toEqual(
        apps[0]![1].environment,
      );
    }
  });

  it("gives the apps only settings that config.ts reads, and they load as production", () => {
    for (const [name, service] of apps) {
      const env = appEnvironment(service);
      const unknown = Object.keys(env).filter((setting) => !SETTING_NAMES.includes(setting));
      expect(unknown, `${name} sets what the store ignores`).toEqual([]);
      const config = loadConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.host).toBe("0.0.0.0");
      // Believes exactly one proxy hop: the proxy below.
      expect(config.trustProxy).toBe(1);
      expect(config.databaseUrl).toBeDefined();
      expect(config.redisUrl).toBeDefined();
      expect(config.s3).toBeDefined();
    }
  });

  it("has PostgreSQL 16, Redis and an S3-compatible store where the apps look, all healthy before the apps start", () => {
    const env = appEnvironment(apps[0]![1]);
    const config = loadConfig(env);
    const [pgName, pg] = serviceAt(config.databaseUrl!);
    const [redisName, redis] = serviceAt(config.redisUrl!);
    const [s3Name, s3] = serviceAt(config.s3!.endpoint!);
    expect(pg.image).toMatch(/^postgres:16/);
    expect(pg.volumes?.some((v) => v.endsWith(":/var/lib/postgresql/data"))).toBe(true);
    expect(redis.image).toMatch(/^(redis|valkey\/valkey):/);
    expect(s3.image).toMatch(/minio/);
    for (const [name, service] of [
      [pgName, pg],
      [redisName, redis],
      [s3Name, s3],
    ] as const) {
      expect(service.healthcheck?.test.length, `${name} has a health check`).toBeGreaterThan(0);
    }
    // The bucket the apps use is made before they start.
    const init = services.find(([, s]) => /minio\/mc/.test(s.image ?? ""));
    expect(init).toBeDefined();
    expect(JSON.stringify(init![1])).toContain(`mb --ignore-existing store/${config.s3!.bucket}`);
    for (const [name, service] of apps) {
      expect(service.depends_on?.[pgName]?.condition, name).toBe("service_healthy");
      expect(service.depends_on?.[redisName]?.condition, name).toBe("service_healthy");
      expect(service.depends_on?.[init![0]]?.condition, name).toBe(
        "service_completed_successfully",
      );
    }
  });

  it("starts the apps one after the other (each migrates at start-up, without a lock)", () => {
    const [first, ...others] = appNames;
    for (const name of others) {
      expect(compose.services[name]!.depends_on?.[first!]?.condition).toBe("service_healthy");
    }
  });

  it("publishes only the proxy, which reaches every app and mounts files that exist", () => {
    const published = services.filter(([, s]) => (s.ports ?? []).length > 0).map(([n]) => n);
    expect(published).toEqual(["proxy"]);
    const proxy = compose.services.proxy!;
    expect(proxy.image).toMatch(/^nginx:/);
    for (const name of appNames) {
      expect(proxy.depends_on?.[name]?.condition).toBe("service_healthy");
    }
    const binds = services.flatMap(([, s]) => (s.volumes ?? []).filter((v) => v.startsWith("./")));
    expect(binds.length).toBeGreaterThan(0);
    for (const bind of binds) {
      expect(existsSync(path.join(ROOT, bind.split(":")[0]!)), bind).toBe(true);
    }
    expect(proxy.volumes).toContain("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
  });

  it("holds no secret: each one is required from the operator's environment", () => {
    const text = read("compose.yaml");
    for (const name of [
      "APP_SECRET",
      "POSTGRES_PASSWORD",
      "SMTP_URL",
      "S3_SECRET_ACCESS_KEY",
      "MINIO_ROOT_PASSWORD",
    ]) {
      const lines = text.split("\n").filter((line) => new RegExp(`^\\s*${name}:`).test(line));
      expect(lines.length, name).toBeGreaterThan(0);
      for (const line of lines) expect(line, name).toContain(`\${${name}:?`);
    }
    expect(String(apps[0]![1].environment!.DATABASE_URL)).toContain("${POSTGRES_PASSWORD:?");
  });
});

// ---------------------------------------------------------------- deploy/nginx.conf

describe("deploy/nginx.conf", () => {
  const conf = read("deploy/nginx.conf")
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"))
    .join("\n");
  const port = loadConfig(appEnvironment(apps[0]![1])).port;

  it("balances over every app service of compose.yaml", () => {
    const upstream = /upstream vastra \{([^}]*)\}/.exec(conf)?.[1] ?? "";
    const servers = [...upstream.matchAll(/^\s*server (\S+)/gm)].map((m) => m[1]);
    expect(servers.sort()).toEqual(appNames.map((name) => `${name}:${port}`).sort());
    expect(conf).toMatch(/proxy_pass http:\/\/vastra;/);
  });

  it("passes the client's address and scheme on", () => {
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
  });

  it("caches images and assets, never the API, and never a signed-in shopper's page", () => {
    const block = (location: string) =>
      new RegExp(`location ${location} \\{([^}]*)\\}`).exec(conf)?.[1] ?? "";
    for (const prefix of ["/assets/", "/images/"]) {
      expect(block(prefix), prefix).toMatch(/proxy_cache vastra_cache;/);
    }
    expect(block("/api/")).toMatch(/proxy_cache off;/);
    // Pages are not cached by default (per-response CSP nonces); whoever turns it on must keep
    // every request with a session out of the cache.
    const pages = block("/");
    expect(pages).toMatch(/proxy_pass http:\/\/vastra;/);
    if (/proxy_cache vastra_cache;/.test(pages)) {
      expect(pages).toContain(`proxy_cache_bypass $cookie_${SESSION_COOKIE};`);
      expect(pages).toContain(`proxy_no_cache $cookie_${SESSION_COOKIE};`);
    }
    // Nor is caching switched on for the whole server (every location would inherit it).
    expect(conf.replace(/location [^{]*\{[^}]*\}/g, "")).not.toMatch(/proxy_cache vastra_cache;/);
  });
});

// ---------------------------------------------------------------- Dockerfile, .dockerignore

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(): Array<{ op: string; args: string; stage: number }> {
  const joined = read("Dockerfile")
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ");
  let stage = -1;
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [op = "", ...rest] = line.split(/\s+/);
      if (op.toUpperCase() === "FROM") stage++;
      return { op: op.toUpperCase(), args: rest.join(" "), stage };
    });
}

const ignoreRules = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) =>
    line.startsWith("!") ? { keep: true, pattern: line.slice(1) } : { keep: false, pattern: line },
  );

/** Docker's rule: the last pattern that matches the path or one of its parent folders decides. */
function ignored(file: string): boolean {
  const parts = file.split("/");
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  let result = false;
  for (const { keep, pattern } of ignoreRules) {
    if (candidates.some((candidate) => path.matchesGlob(candidate, pattern))) result = !keep;
  }
  return result;
}

describe("Dockerfile", () => {
  const all = instructions();
  const stages = all.filter((i) => i.op === "FROM").map((i) => /\bAS\s+(\S+)/i.exec(i.args)?.[1]);
  const last = stages.length - 1;
  const final = all.filter((i) => i.stage === last);

  it("builds in stages and runs the last one as an unprivileged user", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const users = final.filter((i) => i.op === "USER").map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
  });

  it("runs the store in production on 0.0.0.0:3000, with a health check on /healthz", () => {
    const env = final
      .filter((i) => i.op === "ENV")
      .map((i) => i.args)
      .join(" ");
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(/HOST=0\.0\.0\.0/);
    expect(final.some((i) => i.op === "EXPOSE" && i.args === "3000")).toBe(true);
    const health = final.find((i) => i.op === "HEALTHCHECK");
    expect(health?.args).toMatch(/\/healthz/);
    const cmd = JSON.parse(final.find((i) => i.op === "CMD")!.args) as string[];
    expect(cmd[0]).toBe("node");
    expect(existsSync(path.join(ROOT, cmd[1]!))).toBe(true);
  });

  it("copies only what exists in the repository and is sent to the build", () => {
    const copies = all.filter((i) => i.op === "COPY");
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const words = copy.args.split(/\s+/);
      const from = words.find((w) => w.startsWith("--from="))?.slice("--from=".length);
      const paths = words.filter((w) => !w.startsWith("--"));
      const sources = paths.slice(0, -1);
      if (from) {
        // From an earlier stage of this file.
        expect(stages.slice(0, copy.stage), copy.args).toContain(from);
        continue;
      }
      for (const source of sources) {
        expect(existsSync(path.join(ROOT, source)), `COPY ${source}: not in the repository`).toBe(
          true,
        );
        expect(ignored(source), `COPY ${source}: excluded by .dockerignore`).toBe(false);
      }
    }
  });

  it("gives the runtime what main.ts loads: server sources, migrations, contracts, the web build", () => {
    const targets = final.filter((i) => i.op === "COPY").map((i) => i.args.split(/\s+/).at(-1));
    for (const needed of [
      "apps/server/src",
      "apps/server/drizzle",
      "packages/contracts/src",
      "apps/web/build",
    ]) {
      expect(targets, needed).toContain(needed);
    }
    const webBuild = final.find((i) => i.op === "COPY" && i.args.endsWith(" apps/web/build"));
    expect(webBuild?.args).toMatch(/--from=\S+ \/app\/apps\/web\/build /);
  });
});

describe(".dockerignore", () => {
  it("keeps dependencies, data, secrets and history out of the build", () => {
    for (const file of [
      "node_modules",
      "apps/server/node_modules/x",
      "data",
      "data/pglite/base",
      ".git",
      ".env",
      "apps/web/build/server/index.js",
    ]) {
      expect(ignored(file), file).toBe(true);
    }
    for (const file of ["apps/server/src/main.ts", "package-lock.json", "e2e/package.json"]) {
      expect(ignored(file), file).toBe(false);
    }
  });
});
