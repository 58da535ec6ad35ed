import { randomBytes } from "node:crypto";
import { UPLOAD_MESSAGES } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import { uploads } from "../db/schema.ts";
import { IMAGE_MESSAGES, imageServiceForDataDir } from "../services/images/index.ts";
import { createUploadService, release } from "../services/uploads/index.ts";
import { multipart, newSession, testImage } from "../services/uploads/test-support.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database, config } = await buildTestApp({ clock });
const db = database.db;
const admin = await createUser(db, { isAdmin: true, now: clock() });
const shopper = await createUser(db, { now: clock() });
const png = await testImage("png");

async function upload(
  options: {
    bytes?: Buffer;
    filename?: string;
    session?: string | null;
    path?: string;
    cookie?: string;
    type?: string;
    field?: string;
  } = {},
) {
  const body = multipart(options.bytes ?? png, options);
  const headers: Record<string, string> = {
    ...body.headers,
    cookie: options.cookie ?? admin.cookie,
  };
  if (options.session !== null) headers["x-session-id"] = options.session ?? newSession();
  return app.inject({
    method: "POST",
    url: options.path ?? "/api/admin/products/upload/temp/product-image",
    headers,
    payload: body.payload,
  });
}

const imageStatus = async (url: string) => (await app.inject({ method: "GET", url })).statusCode;

describe("uploading an image", () => {
  it("answers 401 to a guest and 403 to a shopper", async () => {
    const body = multipart(png);
    const guest = await app.inject({
      method: "POST",
      url: "/api/admin/products/upload/temp/product-image",
      headers: { ...body.headers, "x-session-id": newSession() },
      payload: body.payload,
    });
    expect(guest.statusCode).toBe(401);
    expect((await upload({ cookie: shopper.cookie })).statusCode).toBe(403);
  });

  it.each([
    "/api/admin/products/upload/temp/product-image",
    "/api/admin/products/upload/temp/hero-image",
    "/api/admin/products/upload/temp/additional-image",
    "/api/admin/products/upload/temp/color-image",
    "/api/admin/advertisements/upload/temp",
  ])("%s stores a re-encoded WebP as a temporary upload of the session", async (path) => {
    const session = newSession();
    const res = await upload({ path, session, filename: "silk kurta  front.png" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      filename: "silk_kurta_front.png",
      message: UPLOAD_MESSAGES.uploaded,
    });
    expect(body.url).toMatch(/^\/images\/[a-f0-9]{24}-w1280\.webp$/);
    expect(body.imageUrl).toBe(body.url);
    const served = await app.inject({ method: "GET", url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const [row] = await db.select().from(uploads).where(eq(uploads.url, body.url));
    expect(row).toMatchObject({ sessionId: session, claimedAt: null, createdById: admin.id });
  });

  it("needs the X-Session-ID header", async () => {
    const res = await upload({ session: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.sessionMissing);
    const bad = await upload({ session: "not-a-uuid" });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a text file named .png", async () => {
    const res = await upload({ bytes: Buffer.from("just some text, not a picture\n".repeat(20)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_MESSAGES.unsupported);
  });

  it("refuses an SVG with a script, whatever its name", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="50"><script>alert(1)</script><rect width="40" height="50" fill="red"/></svg>',
    );
    for (const filename of ["logo.svg", "logo.png"]) {
      const res = await upload({ bytes: svg, filename, type: "image/svg+xml" });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMAGE_MESSAGES.unsupported);
    }
  });

  it("takes a photo of several megabytes (more than the API's 1 MB JSON limit)", async () => {
    const noise = await sharp(randomBytes(1100 * 1100 * 3), {
      raw: { width: 1100, height: 1100, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload({ bytes: noise, filename: "studio shot.png" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().filename).toBe("studio_shot.png");
  });

  it("refuses an 11 MB file with 413", async () => {
    const big = Buffer.concat([png, randomBytes(11 * 1024 * 1024)]);
    const res = await upload({ bytes: big, filename: "huge.png" });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it("refuses a path-traversal name", async () => {
    for (const filename of ["../../etc/passwd.png", "..\\..\\boot.png", "../kurta.png"]) {
      const res = await upload({ filename });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.badName);
    }
  });

  it("refuses a request that is not multipart, or has no image field", async () => {
    const json = await app.inject({
      method: "POST",
      url: "/api/admin/products/upload/temp/product-image",
      headers: { cookie: admin.cookie, "x-session-id": newSession() },
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
    const wrong = await upload({ field: "file" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(UPLOAD_MESSAGES.wrongField);
  });
});

describe("deleting a temporary upload", () => {
  const del = (url: string, session: string) =>
    app.inject({
      method: "DELETE",
      url: "/api/admin/products/upload/delete-image",
      headers: { cookie: admin.cookie, "x-session-id": session },
      payload: { imageUrl: url },
    });

  it("deletes the session's own unsaved image and its files", async () => {
    const session = newSession();
    const { url } = (await upload({ session })).json();
    const res = await del(url, session);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.deleted);
    expect(await imageStatus(url)).toBe(404);
    expect(await db.select().from(uploads).where(eq(uploads.url, url))).toHaveLength(0);
  });

  it("refuses another session's image, a saved image and an unknown one", async () => {
    const { url } = (await upload()).json();
    const other = await del(url, newSession());
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(UPLOAD_MESSAGES.notYours);
    expect(await imageStatus(url)).toBe(200);

    const session = newSession();
    const saved = (await upload({ session })).json().url as string;
    await createProduct(db, { imageUrl: saved });
    await db.update(uploads).set({ claimedAt: clock() }).where(eq(uploads.url, saved));
    const inUse = await del(saved, session);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(UPLOAD_MESSAGES.inUse);
    expect(await imageStatus(saved)).toBe(200);

    const unknown = await del("/images/0123456789abcdef01234567-w1280.webp", session);
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the spec's clients (admin.md §7): no X-Session-ID header", () => {
  const ADS_PATH = "/api/admin/advertisements/upload/temp";
  /** delete-image as admin.md §7 sends it: the body {imageUrl} and no session header. */
  const delByBody = (url: string, cookie = admin.cookie) =>
    app.inject({
      method: "DELETE",
      url: "/api/admin/products/upload/delete-image",
      headers: { cookie },
      payload: { imageUrl: url },
    });

  it("the newsletter builder's upload is accepted and kept as a newsletter asset, never swept", async () => {
    const res = await upload({ session: null, path: ADS_PATH });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(res.json()).toMatchObject({ success: true, imageUrl: url });
    const [row] = await db.select().from(uploads).where(eq(uploads.url, url));
    expect(row).toMatchObject({ sessionId: null, kind: "newsletter-image", createdById: admin.id });
    const service = createUploadService({
      db,
      images: imageServiceForDataDir(config.dataDir),
      clock,
    });
    clock.advance(48 * 60 * 60 * 1000);
    await service.sweepStaleUploads();
    await service.purgeReleased();
    expect(await imageStatus(url)).toBe(200);
    // A product form still needs its session, and a malformed header is still refused.
    expect((await upload({ session: null })).statusCode).toBe(400);
    const bad = await upload({ session: "not-a-uuid", path: ADS_PATH });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(UPLOAD_MESSAGES.sessionInvalid);
  });

  it("delete-image by body deletes this admin's unsaved upload, newsletter asset or a released image", async () => {
    const unsaved = (await upload()).json().url as string;
    const asset = (await upload({ session: null, path: ADS_PATH })).json().url as string;
    const released = (await upload()).json().url as string;
    await db.update(uploads).set({ claimedAt: clock() }).where(eq(uploads.url, released));
    // A product saved without it gave it up.
    expect(await release(db, [released])).toEqual([released]);
    for (const url of [unsaved, asset, released]) {
      const res = await delByBody(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: UPLOAD_MESSAGES.deleted });
      expect(await imageStatus(url)).toBe(404);
      expect(await db.select().from(uploads).where(eq(uploads.url, url))).toHaveLength(0);
    }
  });

  it("delete-image by body never deletes an image in use, nor another admin's draft", async () => {
    // A saved product's image.
    const saved = (await upload()).json().url as string;
    await createProduct(db, { imageUrl: saved });
    await db.update(uploads).set({ claimedAt: clock() }).where(eq(uploads.url, saved));
    // A newsletter asset a product has since taken up.
    const asset = (await upload({ session: null, path: ADS_PATH })).json().url as string;
    await createProduct(db, { imageUrl: asset });
    // An unsaved upload not yet claimed that a product already refers to (a save in flight).
    const referred = (await upload()).json().url as string;
    await createProduct(db, { imageUrl: referred });
    for (const url of [saved, asset, referred]) {
      const res = await delByBody(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.inUse);
      expect(await imageStatus(url)).toBe(200);
    }
    const otherAdmin = await createUser(db, { isAdmin: true, now: clock() });
    const theirs = (await upload({ cookie: otherAdmin.cookie })).json().url as string;
    const refused = await delByBody(theirs);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.notYours);
    expect(await imageStatus(theirs)).toBe(200);
    expect((await delByBody(theirs, otherAdmin.cookie)).statusCode).toBe(200);
  });
});

describe("cleaning up a session", () => {
  it("deletes the session's unsaved uploads only (body or header)", async () => {
    const session = newSession();
    const other = newSession();
    const a = (await upload({ session })).json().url as string;
    const b = (await upload({ session, path: "/api/admin/advertisements/upload/temp" })).json()
      .url as string;
    const kept = (await upload({ session: other })).json().url as string;
    const claimed = (await upload({ session })).json().url as string;
    await createProduct(db, { imageUrl: claimed });
    await db.update(uploads).set({ claimedAt: clock() }).where(eq(uploads.url, claimed));

    const res = await app.inject({
      method: "POST",
      url: "/api/admin/products/cleanup-session",
      headers: { cookie: admin.cookie },
      payload: { sessionId: session },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: 2 });
    expect(await imageStatus(a)).toBe(404);
    expect(await imageStatus(b)).toBe(404);
    expect(await imageStatus(kept)).toBe(200);
    expect(await imageStatus(claimed)).toBe(200);

    const byHeader = await app.inject({
      method: "POST",
      url: "/api/admin/products/cleanup-session",
      headers: { cookie: admin.cookie, "x-session-id": other },
    });
    expect(byHeader.json()).toMatchObject({ deleted: 1 });
    expect(await imageStatus(kept)).toBe(404);
  });

  it("needs a session and an admin", async () => {
    const none = await app.inject({
      method: "POST",
      url: "/api/admin/products/cleanup-session",
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MESSAGES.sessionMissing);
    const asShopper = await app.inject({
      method: "POST",
      url: "/api/admin/products/cleanup-session",
      headers: { cookie: shopper.cookie },
      payload: { sessionId: newSession() },
    });
    expect(asShopper.statusCode).toBe(403);
  });
});

describe("the sweeper", () => {
  it("removes temporary uploads older than 24 hours, and never saved ones", async () => {
    const service = createUploadService({
      db,
      images: imageServiceForDataDir(config.dataDir),
      clock,
    });
    // Earlier tests' leftovers go first.
    clock.advance(25 * 60 * 60 * 1000);
    await service.sweepStaleUploads();
    const old = (await upload()).json().url as string;
    const saved = (await upload()).json().url as string;
    await createProduct(db, { imageUrl: saved });
    await db.update(uploads).set({ claimedAt: clock() }).where(eq(uploads.url, saved));
    // Referred to, though never claimed (a save that crashed half-way): kept and claimed.
    const referred = (await upload()).json().url as string;
    await createProduct(db, { imageUrl: referred });

    clock.advance(23 * 60 * 60 * 1000);
    const young = (await upload()).json().url as string;
    expect(await service.sweepStaleUploads()).toBe(0);
    expect(await imageStatus(old)).toBe(200);

    clock.advance(2 * 60 * 60 * 1000);
    expect(await service.sweepStaleUploads()).toBe(1);
    expect(await imageStatus(old)).toBe(404);
    expect(await imageStatus(young)).toBe(200);
    expect(await imageStatus(saved)).toBe(200);
    expect(await imageStatus(referred)).toBe(200);
    const [row] = await db.select().from(uploads).where(eq(uploads.url, referred));
    expect(row?.claimedAt).not.toBeNull();
  });

  it("runs in an app built with uploadSweepMs as soon as it is ready, on the app's clock", async () => {
    const forgotten = (await upload()).json().url as string;
    clock.advance(25 * 60 * 60 * 1000);
    const server = await buildApp({
      config,
      database,
      web: false,
      logger: false,
      clock,
      uploadSweepMs: 60 * 60 * 1000,
    });
    try {
      await server.ready();
      await expect.poll(() => imageStatus(forgotten)).toBe(404);
    } finally {
      await server.close();
    }
  });
});
