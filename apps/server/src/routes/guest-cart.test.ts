/**
 * Guest carts (issue #15, record 0044): a guest's cart kept under a signed guest-cart cookie, the
 * same rules as a shopper's, merged into the account's cart on sign-in or join (adding up, held to
 * stock, nothing lost, never counted twice, even racing a second tab), and swept when idle.
 */
import { sign as signCookie } from "@fastify/cookie";
import {
  CART_MESSAGES,
  GUEST_CART_COOKIE,
  GUEST_CART_RATE_LIMIT,
  SESSION_COOKIE,
} from "@vastra/contracts";
import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, setSizeStock } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines, emailOutbox, guestCarts, products } from "../db/schema.ts";
import { createCartService } from "../services/cart/index.ts";
import { createGuestCartSweeper } from "../services/cart/sweep.ts";
import { JOBS, jobLock } from "../services/job-lock.ts";

const clock = createTestClock("2026-11-20T10:00:00Z");
const { app, database, config } = await buildTestApp({ clock });
const db = database.db;

type Method = "GET" | "POST" | "PUT" | "DELETE";
let ip = 0;
function call(method: Method, url: string, cookie?: string, payload?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
}

/** The Cookie header value of the guest cart a response set ("" when it set none). */
function guestCookie(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === GUEST_CART_COOKIE);
  return set?.value ? `${GUEST_CART_COOKIE}=${set.value}` : "";
}

/** The guest cart id inside a signed cookie value ("id.signature"). */
const idOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;

const qty = (res: LightMyRequestResponse) =>
  (res.json() as Array<{ size: string; color?: string; quantity: number }>).map(
    (l) => `${l.size}${l.color ? `/${l.color}` : ""}:${l.quantity}`,
  );

/** A guest who added one line: their cookie. */
async function guestWith(productId: string, size: string, quantity: number, color?: string) {
  const res = await call("POST", "/cart/add", undefined, {
    productId,
    size,
    quantity,
    ...(color ? { color } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return guestCookie(res);
}

let n = 0;
async function shopperWithPassword() {
  const email = `guest-merge${++n}@example.in`;
  const password = "mango-lassi-42";
  const shopper = await createUser(db, { email, password, now: clock() });
  return { ...shopper, email, password };
}

describe("a guest's cart", () => {
  it("is kept under a signed, httpOnly cookie with the same rules as a shopper's", async () => {
    const kurta = await createProduct(db, {
      title: "Block-print Kurta",
      price: 1299,
      colors: ["Indigo", "Rust"],
      sizes: [
        { size: "M", stock: 3 },
        { size: "L", stock: 1 },
      ],
    });
    const first = await call("POST", "/cart/add", undefined, {
      productId: kurta.id,
      size: "M",
      color: "indigo",
      // The client's price is ignored: the catalogue's counts.
      price: 1,
    });
    expect(first.statusCode).toBe(200);
    const set = first.cookies.find((c) => c.name === GUEST_CART_COOKIE)!;
    expect(set.httpOnly).toBe(true);
    expect(set.sameSite).toBe("Lax");
    expect(set.path).toBe("/");
    expect(set.maxAge).toBe(30 * 86_400);
    // Signed: the id and an HMAC of it.
    expect(decodeURIComponent(set.value)).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9+/_-]+$/);
    const cookie = guestCookie(first);
    expect(first.json()).toEqual([
      {
        productId: kurta.id,
        title: "Block-print Kurta",
        imageUrl: expect.any(String),
        price: 1299,
        size: "M",
        quantity: 1,
        color: "Indigo",
        stock: 3,
      },
    ]);

    // Colour lines of one size share its stock.
    const rust = await call("POST", "/cart/add", cookie, {
      productId: kurta.id,
      size: "M",
      color: "Rust",
      quantity: 2,
    });
    expect(qty(rust)).toEqual(["M/Indigo:1", "M/Rust:2"]);
    const tooMany = await call("POST", "/cart/add", cookie, {
      productId: kurta.id,
      size: "M",
      color: "Rust",
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("Only 3 items available in stock");
    const badColour = await call("POST", "/cart/add", cookie, {
      productId: kurta.id,
      size: "L",
      color: "Green",
    });
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().errors.color).toBe(CART_MESSAGES.selectColor);

    // Update, refused above stock, then remove and read back.
    const up = await call("PUT", "/cart/update", cookie, {
      productId: kurta.id,
      size: "M",
      color: "Indigo",
      quantity: 2,
    });
    expect(up.statusCode).toBe(409);
    expect(up.json().message).toBe("Only 3 items available in stock");
    const down = await call("PUT", "/cart/update", cookie, {
      productId: kurta.id,
      size: "M",
      color: "Rust",
      quantity: 1,
    });
    expect(qty(down)).toEqual(["M/Indigo:1", "M/Rust:1"]);
    const removed = await call("DELETE", "/cart/remove", cookie, {
      productId: kurta.id,
      size: "M",
      color: "Indigo",
    });
    expect(qty(removed)).toEqual(["M/Rust:1"]);

    // The price is the catalogue's now.
    await db.update(products).set({ pricePaise: 99_900 }).where(eq(products.id, kurta.id));
    const read = await call("GET", "/cart", cookie);
    expect(read.json()[0].price).toBe(999);

    // Another visitor sees nothing of it; clearing empties it.
    expect((await call("GET", "/cart")).json()).toEqual([]);
    expect((await call("DELETE", "/cart/clear", cookie)).json()).toEqual([]);
    expect((await call("GET", "/cart", cookie)).json()).toEqual([]);
  });

  it("treats a tampered or forged cookie as a fresh, empty cart, never an error", async () => {
    const saree = await createProduct(db, { sizes: [{ size: "Free", stock: 5 }] });
    const cookie = await guestWith(saree.id, "Free", 2);
    const id = idOf(cookie);
    const value = decodeURIComponent(cookie.split("=")[1]!);
    const forgedId = id.replace(/^./, id[0] === "a" ? "b" : "a");
    for (const bad of [
      `${GUEST_CART_COOKIE}=${forgedId}.${value.split(".")[1]}`,
      `${GUEST_CART_COOKIE}=${id}`,
      `${GUEST_CART_COOKIE}=${id}.not-the-signature`,
      `${GUEST_CART_COOKIE}=garbage`,
    ]) {
      const read = await call("GET", "/cart", bad);
      expect(read.statusCode, bad).toBe(200);
      expect(read.json(), bad).toEqual([]);
      // A change on it changes nothing of the real cart.
      expect((await call("DELETE", "/cart/clear", bad)).statusCode).toBe(200);
    }
    expect(qty(await call("GET", "/cart", cookie))).toEqual(["Free:2"]);
    // An add with a bad cookie starts a new cart under a new, properly signed cookie.
    const fresh = await call("POST", "/cart/add", `${GUEST_CART_COOKIE}=${id}.forged`, {
      productId: saree.id,
      size: "Free",
    });
    expect(fresh.statusCode).toBe(200);
    expect(qty(fresh)).toEqual(["Free:1"]);
    expect(idOf(guestCookie(fresh))).not.toBe(id);
    expect(qty(await call("GET", "/cart", cookie))).toEqual(["Free:2"]);
  });
});

describe("new guest carts from one address", () => {
  it("are limited per hour (a script filling the table); carts already started and other addresses go on", async () => {
    const saree = await createProduct(db, { sizes: [{ size: "Free", stock: 999 }] });
    const from = (remoteAddress: string, cookie?: string) =>
      app.inject({
        method: "POST",
        url: "/api/cart/add",
        payload: { productId: saree.id, size: "Free" },
        headers: cookie ? { cookie } : {},
        remoteAddress,
      });
    let kept = "";
    for (let i = 0; i < GUEST_CART_RATE_LIMIT.points; i++) {
      const res = await from("10.77.0.1");
      expect(res.statusCode).toBe(200);
      kept = guestCookie(res);
    }
    const before = (await db.select({ id: guestCarts.id }).from(guestCarts)).length;
    const refused = await from("10.77.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CART_MESSAGES.tooManyGuestCarts);
    expect((await db.select({ id: guestCarts.id }).from(guestCarts)).length).toBe(before);
    // A cart already started still takes adds; another address still starts one.
    const again = await from("10.77.0.1", kept);
    expect(again.statusCode).toBe(200);
    expect(qty(again)).toEqual(["Free:2"]);
    expect((await from("10.77.0.2")).statusCode).toBe(200);
  });
});

describe("signing in with a guest cart", () => {
  it("merges it: lines add up, a size is held to its stock (and the reply says so), nothing is lost", async () => {
    const kurta = await createProduct(db, {
      title: "Linen Kurta",
      colors: ["Sage"],
      sizes: [
        { size: "M", stock: 4 },
        { size: "L", stock: 6 },
        { size: "XL", stock: 2 },
      ],
    });
    const dupatta = await createProduct(db, {
      title: "Bandhani Dupatta",
      sizes: [{ size: "Free", stock: 1 }],
    });
    const shopper = await shopperWithPassword();
    // The account's cart: 3 of M, 1 of L/Sage.
    await call("POST", "/cart/add", shopper.cookie, {
      productId: kurta.id,
      size: "M",
      quantity: 3,
    });
    await call("POST", "/cart/add", shopper.cookie, {
      productId: kurta.id,
      size: "L",
      color: "Sage",
    });
    // The guest's: 2 of M (only 1 more fits), 2 of L/Sage, 2 of XL, the last dupatta.
    const cookie = await guestWith(kurta.id, "M", 2);
    for (const line of [
      { productId: kurta.id, size: "L", color: "Sage", quantity: 2 },
      { productId: kurta.id, size: "XL", quantity: 2 },
      { productId: dupatta.id, size: "Free", quantity: 1 },
    ]) {
      expect((await call("POST", "/cart/add", cookie, line)).statusCode).toBe(200);
    }
    // The dupatta sells out before the guest signs in: nothing of it fits, and the reply says so.
    await setSizeStock(db, dupatta.id, "Free", 0);

    const login = await call("POST", "/auth/login", cookie, {
      email: shopper.email,
      password: shopper.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().email).toBe(shopper.email);
    expect(login.json().cartMerge).toEqual({
      lines: 4,
      capped: [
        { productId: kurta.id, title: "Linen Kurta", size: "M", requested: 5, quantity: 4 },
        {
          productId: dupatta.id,
          title: "Bandhani Dupatta",
          size: "Free",
          requested: 1,
          quantity: 0,
        },
      ],
      message: "2 items in your cart were reduced to the stock available",
    });
    // The guest cookie is cleared and the guest cart deleted.
    const cleared = login.cookies.find((c) => c.name === GUEST_CART_COOKIE);
    expect(cleared?.value).toBe("");
    expect(
      await db
        .select()
        .from(guestCarts)
        .where(eq(guestCarts.id, idOf(cookie))),
    ).toEqual([]);

    const session = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const cart = await call("GET", "/cart", session);
    expect(qty(cart)).toEqual(["M:4", "L/Sage:3", "XL:2"]);
    // The old cookie now reads an empty guest cart.
    expect((await call("GET", "/cart", cookie)).json()).toEqual([]);
  });

  it("holds every colour of a size to the one stock figure", async () => {
    const kurta = await createProduct(db, {
      title: "Chanderi Kurta",
      colors: ["Teal", "Plum"],
      sizes: [{ size: "S", stock: 3 }],
    });
    const shopper = await createUser(db, { now: clock() });
    await call("POST", "/cart/add", shopper.cookie, {
      productId: kurta.id,
      size: "S",
      color: "Teal",
      quantity: 3,
    });
    const cookie = await guestWith(kurta.id, "S", 1, "Plum");
    const both = `${shopper.cookie}; ${cookie}`;
    // The account's Teal takes the whole size: the guest's Plum does not fit, and is named.
    expect(qty(await call("GET", "/cart", both))).toEqual(["S/Teal:3"]);
    const service = createCartService({ db, clock });
    const again = await guestWith(kurta.id, "S", 1, "Plum");
    expect(await service.mergeGuest(idOf(again), shopper.id)).toEqual({
      lines: 1,
      capped: [
        {
          productId: kurta.id,
          title: "Chanderi Kurta",
          size: "S",
          color: "Plum",
          requested: 1,
          quantity: 0,
        },
      ],
      message: "One item in your cart was reduced to the stock available",
    });
  });

  it("joining (the verify step that signs in) merges too", async () => {
    const shawl = await createProduct(db, { sizes: [{ size: "Free", stock: 9 }] });
    const cookie = await guestWith(shawl.id, "Free", 2);
    const email = `joiner${++n}@example.in`;
    const reg = await call("POST", "/auth/register", cookie, {
      name: "Kavya Rao",
      email,
      password: "mango-lassi-42",
    });
    expect(reg.statusCode).toBe(201);
    const [mail] = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const otp = mail!.subject.match(/^(\d{6})/)![1]!;
    const verified = await call("POST", "/auth/verify-otp", cookie, { email, otp });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().cartMerge).toEqual({ lines: 1, capped: [] });
    const session = `${SESSION_COOKIE}=${verified.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    expect(qty(await call("GET", "/cart", session))).toEqual(["Free:2"]);
  });

  it("a signed-in call that still carries a guest cookie merges what was left, once", async () => {
    const tee = await createProduct(db, { sizes: [{ size: "S", stock: 10 }] });
    const shopper = await createUser(db, { now: clock() });
    const cookie = await guestWith(tee.id, "S", 3);
    const both = `${shopper.cookie}; ${cookie}`;
    const first = await call("GET", "/cart", both);
    expect(qty(first)).toEqual(["S:3"]);
    expect(first.cookies.find((c) => c.name === GUEST_CART_COOKIE)?.value).toBe("");
    // Sent again (the browser had not yet dropped it): nothing is added twice.
    expect(qty(await call("GET", "/cart", both))).toEqual(["S:3"]);
    expect(qty(await call("POST", "/cart/add", both, { productId: tee.id, size: "S" }))).toEqual([
      "S:4",
    ]);
  });

  it("racing a second tab: two sign-ins at once merge the guest cart exactly once", async () => {
    const kurti = await createProduct(db, { sizes: [{ size: "M", stock: 50 }] });
    const shopper = await shopperWithPassword();
    const cookie = await guestWith(kurti.id, "M", 4);
    const body = { email: shopper.email, password: shopper.password };
    const [a, b] = await Promise.all([
      call("POST", "/auth/login", cookie, body),
      call("POST", "/auth/login", cookie, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // One of them merged the four; the other found nothing left to merge.
    const merges = [a.json().cartMerge, b.json().cartMerge].filter(Boolean);
    expect(merges).toEqual([{ lines: 1, capped: [] }]);
    expect(qty(await call("GET", "/cart", shopper.cookie))).toEqual(["M:4"]);
  });

  it("racing a second tab: a guest add during the merge is merged or kept, never lost or doubled", async () => {
    const service = createCartService({ db, clock });
    const top = await createProduct(db, { sizes: [{ size: "M", stock: 500 }] });
    for (let round = 0; round < 8; round++) {
      const shopper = await createUser(db, { now: clock() });
      const cookie = await guestWith(top.id, "M", 2);
      const guestCartId = idOf(cookie);
      // The merge (tab A signs in) and an add to the same guest cart (tab B) at once.
      const [, added] = await Promise.all([
        service.mergeGuest(guestCartId, shopper.id),
        service.guestAdd(guestCartId, {
          productId: top.id,
          size: "M",
          quantity: 1,
          color: undefined,
        }),
      ]);
      // Whatever the order, tab B's next signed-in call merges what was left.
      const both = `${shopper.cookie}; ${GUEST_CART_COOKIE}=${encodeURIComponent(
        signCookie(added.guestCartId, config.appSecret),
      )}`;
      expect(qty(await call("GET", "/cart", both)), `round ${round}`).toEqual(["M:3"]);
      const left = await db.select().from(cartLines).where(eq(cartLines.guestCartId, guestCartId));
      expect(left).toEqual([]);
    }
  });
});

describe("idle guest carts", () => {
  it("are swept after 30 days without activity; an active one stays", async () => {
    const service = createCartService({ db, clock });
    const shirt = await createProduct(db, { sizes: [{ size: "L", stock: 5 }] });
    // The carts of the tests above go first, so the figures below are this test's own.
    clock.advance(31 * 86_400_000);
    await service.sweepGuests();
    const idle = await guestWith(shirt.id, "L", 1);
    const busy = await guestWith(shirt.id, "L", 1);
    clock.advance(20 * 86_400_000);
    // A change (or a read, at most once a day) marks the cart active again.
    expect((await call("GET", "/cart", busy)).statusCode).toBe(200);
    clock.advance(10 * 86_400_000 + 60_000);
    expect(await service.sweepGuests()).toBe(1);
    expect((await call("GET", "/cart", idle)).json()).toEqual([]);
    expect(qty(await call("GET", "/cart", busy))).toEqual(["L:1"]);
    // The swept guest's cookie still works: the next add starts a new cart under it.
    const again = await call("POST", "/cart/add", idle, { productId: shirt.id, size: "L" });
    expect(qty(again)).toEqual(["L:1"]);
    expect(idOf(guestCookie(again))).toBe(idOf(idle));
  });

  it("the background sweep (hourly, under its job lock) does the same while the store runs", async () => {
    const shirt = await createProduct(db, { sizes: [{ size: "L", stock: 5 }] });
    const idle = await guestWith(shirt.id, "L", 2);
    clock.advance(31 * 86_400_000);
    const logged: object[] = [];
    const sweeper = createGuestCartSweeper({
      db,
      clock,
      pollMs: 10,
      lock: jobLock(database, JOBS.guestCarts),
      log: { info: (obj) => logged.push(obj), warn: (obj) => logged.push(obj) },
    });
    sweeper.start();
    try {
      // Watched in the table: reading the cart would mark it active again.
      await expect
        .poll(
          async () =>
            (
              await db
                .select()
                .from(guestCarts)
                .where(eq(guestCarts.id, idOf(idle)))
            ).length,
          { timeout: 5000 },
        )
        .toBe(0);
    } finally {
      await sweeper.stop();
    }
    // This cart and the previous test's, logged as the round's figure.
    expect(logged).toEqual([{ deleted: expect.any(Number) }]);
    expect(await db.select().from(guestCarts)).toEqual([]);
  });
});
