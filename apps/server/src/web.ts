/**
 * Serves the server-rendered web app (React Router framework build) from the same process.
 * Loaders reach the API in-process through `app.inject`, carrying the shopper's cookie.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { fastifyReactRouter } from "@mcansh/remix-fastify";
import type { AppLoadContextValue } from "@vastra/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import { limitPageBody } from "./http/page-body-limit.ts";
import { type PageCacheOptions, registerPageCache } from "./http/page-cache.ts";
import { checkPageForm } from "./http/page-form.ts";
import { webBuildDirectory } from "./paths.ts";

export type WebOptions = {
  buildDirectory: string;
  /** Guest pages rendered once and reused (http/page-cache.ts); false: render every request. */
  pageCache?: PageCacheOptions | false;
};

/** Headers of the page request that an in-process API call carries on. */
const FORWARDED = ["host", "cookie", "user-agent", "accept-language", "origin", "referer"];

export function inProcessApi(
  app: FastifyInstance,
  request: FastifyRequest,
): AppLoadContextValue["api"] {
  return async (url, init = {}) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    headers["x-request-id"] = request.id;
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const res = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      headers,
      payload: init.body == null ? undefined : (init.body as string),
      remoteAddress: request.ip,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.append(name, v);
    }
    const body = res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload;
    return new Response(body, { status: res.statusCode, headers: out });
  };
}

export function defaultBuildDirectory(): string {
  return webBuildDirectory;
}

const serverBuildFile = (buildDirectory: string) => path.join(buildDirectory, "server/index.js");

/**
 * Starts loading the server build, so that it loads while start-up waits for other things (the
 * database); registerWeb then gets the same module. Failures are left for registerWeb to report.
 */
export function preloadWebBuild(buildDirectory: string): void {
  const file = serverBuildFile(buildDirectory);
  if (existsSync(file)) import(pathToFileURL(file).href).catch(() => {});
}

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const serverBuildPath = serverBuildFile(options.buildDirectory);
  if (!existsSync(serverBuildPath)) {
    throw new Error(`The web app is not built (${serverBuildPath} is missing): run npm run build`);
  }
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { appContext } = build.entry.module as unknown as {
    appContext: RouterContext<AppLoadContextValue>;
  };
  const pages = options.pageCache === false ? undefined : registerPageCache(app, options.pageCache);
  await app.register(fastifyReactRouter, {
    build: pages ? pages.wrapBuild(build) : build,
    clientBuildDirectory: path.join(options.buildDirectory, "client"),
    mode: "production",
    // Form posts reach actions as a raw stream: at most 64 KB of it, and only a readable form (an
    // action's request.formData() would throw on anything else).
    routeOptions: { preParsing: [limitPageBody(), checkPageForm()] },
    getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      context.set(appContext, {
        api: inProcessApi(app, request),
        nonce: pages ? pages.nonceFor(request, reply, context) : reply.scriptNonce,
        requestId: request.id,
        whole: pages?.stores(request) ?? false,
      });
      return context;
    },
  });
}
