import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./error-handler.ts";
import { limitPageBody, PAGE_BODY_LIMIT_BYTES } from "./page-body-limit.ts";

/**
 * The web app's routes as @mcansh/remix-fastify registers them (every content type passed on as
 * the raw stream, one catch-all route with our routeOptions), with an "action" that reads the whole
 * body as React Router's request.formData() would.
 */
async function pagesApp(): Promise<{ app: FastifyInstance; bytesRead: () => number }> {
  const app = Fastify();
  registerErrorHandling(app);
  let read = 0;
  app.addHook("onResponse", async (request) => {
    read = request.raw.socket?.bytesRead ?? read;
  });
  await app.register(async (web) => {
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    web.all("*", { preParsing: limitPageBody() }, async (request) => {
      const body = request.body as Readable | undefined;
      const text = body ? await new Response(Readable.toWeb(body) as ReadableStream).text() : "";
      return { received: text.length, form: Object.fromEntries(new URLSearchParams(text)) };
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, bytesRead: () => read };
}

const { app, bytesRead } = await pagesApp();
afterAll(() => app.close());
const port = (app.server.address() as AddressInfo).port;

/** POSTs `total` bytes to /login in chunks (no Content-Length), stopping once the answer comes. */
function postChunked(total: number): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      port,
      host: "127.0.0.1",
      method: "POST",
      path: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sent }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(16 * 1024, "a");
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", write);
          return;
        }
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe("form posts to pages", () => {
  it("are refused with a 413 at 64 KB when chunked, without reading the rest", async () => {
    const megabyte = 1024 * 1024;
    const res = await postChunked(megabyte);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toMatch(/too large \(the limit is 64 KB\)/);
    // The server stopped reading soon after the limit: the megabyte never reached memory.
    expect(bytesRead()).toBeLessThan(4 * PAGE_BODY_LIMIT_BYTES);
  });

  it("are refused from their Content-Length before any of the body is read", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/login",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(5 * 1024 * 1024 * 1024),
      },
      payload: "email=a",
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe("close");
  });

  it("reach the page's action intact below the limit", async () => {
    const form = new URLSearchParams({ email: "asha@example.in", password: "secret-enough" });
    const res = await app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().form).toEqual({ email: "asha@example.in", password: "secret-enough" });

    const justUnder = await postChunked(PAGE_BODY_LIMIT_BYTES - 16 * 1024);
    expect(justUnder.status).toBe(200);
    expect(JSON.parse(justUnder.body).received).toBe(PAGE_BODY_LIMIT_BYTES - 16 * 1024);
  });
});
