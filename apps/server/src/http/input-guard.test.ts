import { describe, expect, it } from "vitest";
import {
  createCategory,
  createOrder,
  createProduct,
  createUser,
  setSizeStock,
} from "../../test/factories.ts";
import { buildTestApp } from "../../test/helpers.ts";
import {
  advertisements,
  cartLines,
  categories,
  contactMessages,
  newsletterSettings,
  orders,
  products,
  reviews,
  users,
} from "../db/schema.ts";
import { UNSUPPORTED_TEXT, UNSUPPORTED_TEXT_FIELD } from "./input-guard.ts";

const { app, database } = await buildTestApp();
const db = database.db;

const admin = await createUser(db, { isAdmin: true });
const shopper = await createUser(db, { name: "Asha Rao" });
const category = await createCategory(db, "Guard Kurtas");
const kurta = await createProduct(db, { title: "Guarded Kurta" });
await setSizeStock(db, kurta.id, "M", 5);
const order = await createOrder(db, { userId: shopper.id, items: [{ productId: kurta.id }] });

const NUL = "\u0000";
/** The first half of 😀 alone: JSON's "\ud83d" escape carries it; no encoder can. */
const HALF_EMOJI = "\ud83d";

type Case = {
  route: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  as?: "shopper" | "admin";
  body?: Record<string, unknown>;
  /** The field the reply names. */
  field: string;
};

const cases: Case[] = [
  {
    route: "register (referredBy)",
    method: "POST",
    url: "/api/auth/register",
    body: {
      name: "Meera",
      email: "meera.guard@example.in",
      password: "A-l0ng-enough-passw0rd",
      referredBy: `VASTRA${NUL}`,
    },
    field: "referredBy",
  },
  {
    route: "profile name",
    method: "PUT",
    url: "/api/auth/profile",
    as: "shopper",
    body: { name: `Asha${HALF_EMOJI}` },
    field: "name",
  },
  {
    route: "cart update (size)",
    method: "PUT",
    url: "/api/cart/update",
    as: "shopper",
    body: { productId: kurta.id, size: `M${NUL}`, quantity: 1 },
    field: "size",
  },
  {
    route: "cart remove (size)",
    method: "DELETE",
    url: "/api/cart/remove",
    as: "shopper",
    body: { productId: kurta.id, size: `M${HALF_EMOJI}` },
    field: "size",
  },
  {
    route: "reviews",
    method: "POST",
    url: "/api/reviews",
    as: "shopper",
    body: { productId: kurta.id, rating: 5, comment: `Lovely fabric ${HALF_EMOJI}` },
    field: "comment",
  },
  {
    route: "contact",
    method: "POST",
    url: "/api/contact",
    body: {
      name: "Ravi",
      email: "ravi@example.in",
      subject: "general",
      message: `Do you ship to Pune?${NUL}`,
    },
    field: "message",
  },
  {
    route: "categories",
    method: "POST",
    url: "/api/admin/categories",
    as: "admin",
    body: { name: `Sarees${NUL}` },
    field: "name",
  },
  {
    route: "products (title)",
    method: "POST",
    url: "/api/admin/products",
    as: "admin",
    body: {
      title: `Silk Kurta${NUL}`,
      description: "Hand-woven",
      price: 999,
      categories: [category.id],
    },
    field: "title",
  },
  {
    route: "products (description)",
    method: "PUT",
    url: `/api/admin/products/${kurta.id}`,
    as: "admin",
    body: { title: "Silk Kurta", description: `Hand-woven ${HALF_EMOJI}`, price: 999 },
    field: "description",
  },
  {
    route: "ads",
    method: "POST",
    url: "/api/admin/advertisements",
    as: "admin",
    body: { title: `Festive Edit${NUL}`, description: "Silk sarees" },
    field: "title",
  },
  {
    route: "order notes",
    method: "PATCH",
    url: `/api/orders/${order.id}/notes`,
    as: "admin",
    body: { notes: `Gate code 4411${NUL}` },
    field: "notes",
  },
  {
    route: "newsletter settings",
    method: "PUT",
    url: "/api/newsletter/settings",
    as: "admin",
    body: { companyName: "Vastra", socialLinks: { instagram: `https://x.in/${HALF_EMOJI}` } },
    field: "socialLinks.instagram",
  },
  {
    route: "product search (query)",
    method: "GET",
    url: "/api/products?size=%00",
    field: "size",
  },
  {
    route: "admin product search (query)",
    method: "GET",
    url: "/api/admin/products?limit=1000000&search=%00",
    as: "admin",
    field: "search",
  },
  {
    route: "a product (params)",
    method: "GET",
    url: "/api/products/%00",
    field: "id",
  },
  {
    route: "a review's product (params)",
    method: "GET",
    url: `/api/reviews/${kurta.id}%00`,
    field: "productId",
  },
];

/** Every table these routes write to, as it stands. */
async function snapshot(): Promise<string> {
  const tables = [
    users,
    categories,
    products,
    reviews,
    cartLines,
    orders,
    advertisements,
    newsletterSettings,
    contactMessages,
  ];
  return JSON.stringify(await Promise.all(tables.map((table) => db.select().from(table))));
}

const cookieOf = (as: Case["as"]) =>
  as === "admin" ? admin.cookie : as === "shopper" ? shopper.cookie : undefined;

describe("text with a NUL byte or half an emoji", () => {
  it.each(cases)("is refused with a 400 naming the field, nothing changed: $route", async (c) => {
    const before = await snapshot();
    const cookie = cookieOf(c.as);
    const res = await app.inject({
      method: c.method,
      url: c.url,
      headers: cookie ? { cookie } : {},
      ...(c.body ? { payload: c.body } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: UNSUPPORTED_TEXT,
      errors: { [c.field]: UNSUPPORTED_TEXT_FIELD },
    });
    expect(await snapshot()).toBe(before);
  });

  it("is refused in a field's name too", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: `{"name":"Ravi","email":"ravi@example.in","subject":"general","message":"Hi","x${"\\u0000"}":1}`,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNSUPPORTED_TEXT);
  });
});

describe("absurd request shapes", () => {
  it("refuses a body nested deeper than 32 levels", async () => {
    const deep = `${'{"a":'.repeat(40)}1${"}".repeat(40)}`;
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: deep,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
  });

  it("refuses an over-long field name", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ["n".repeat(5000)]: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/field name is too long/);
  });
});

describe("ordinary Unicode", () => {
  it("passes: Devanagari, Tamil and emoji are stored as sent", async () => {
    const name = "आशा राव 🌸 அன்பு";
    const res = await app.inject({
      method: "PUT",
      url: "/api/auth/profile",
      headers: { cookie: shopper.cookie },
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = await app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: shopper.cookie },
    });
    expect(JSON.stringify(me.json())).toContain(name);

    const contact = await app.inject({
      method: "POST",
      url: "/api/contact",
      payload: {
        name: "रवि",
        email: "ravi.unicode@example.in",
        subject: "general",
        message: "क्या आप पुणे भेजते हैं? 👗🇮🇳",
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const search = await app.inject({
      method: "GET",
      url: "/api/products?search=%E0%A4%95%E0%A5%81%E0%A4%B0%E0%A5%8D%E0%A4%A4%E0%A4%BE",
    });
    expect(search.statusCode, search.body).toBe(200);
  });
});
