/**
 * The address book over HTTP (issue #16, record 0040): CRUD under /api/me/addresses, one default,
 * the cap of 10, another shopper's address answered 404, bad input refused with the checkout's
 * messages and nothing changed, and an order placed with a saved address (checked again then).
 */
import {
  ADDRESS_BOOK_MAX,
  ADDRESS_BOOK_MESSAGES,
  type AddressInput,
  addressSummary,
  ORDER_MESSAGES,
  type SavedAddress,
} from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, type TestUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { cartLines, userAddresses, users } from "../db/schema.ts";
import { replaceDirectory } from "../services/delivery/directory.ts";

// Monday 30 November 2026, 11:00 in India.
const clock = createTestClock("2026-11-30T11:00:00+05:30");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

await replaceDirectory(
  db,
  [
    { pin: "560001", areas: ["Bangalore GPO"], district: "Bengaluru", stateCode: "29" },
    { pin: "400050", areas: ["Bandra West"], district: "Mumbai", stateCode: "27" },
  ],
  "test-fixture",
);
const admin = await createUser(db, { isAdmin: true, now: clock() });

type Method = "GET" | "POST" | "PUT" | "DELETE";
const send = (method: Method, url: string, cookie = "", payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const home: AddressInput = {
  addressType: "home",
  name: "Meera Iyer",
  phone: "98765 43210",
  streetAddress: "14 Residency Road",
  apartment: "Flat 2A",
  city: "Bengaluru",
  state: "karnataka",
  pincode: "560001",
};
const office: AddressInput = {
  addressType: "office",
  name: "Meera Iyer",
  phone: "9876543210",
  streetAddress: "Unit 5, Hill Road",
  city: "Mumbai",
  state: "Maharashtra",
  pincode: "400050",
};

const shopper = () => createUser(db, { now: clock() });
const book = async (user: TestUser) =>
  (await send("GET", "/api/me/addresses", user.cookie)).json() as SavedAddress[];
const add = (user: TestUser, input: AddressInput) =>
  send("POST", "/api/me/addresses", user.cookie, input);

describe("the address book", () => {
  it("is the signed-in shopper's only", async () => {
    expect((await send("GET", "/api/me/addresses")).statusCode).toBe(401);
    expect((await send("POST", "/api/me/addresses", "", home)).statusCode).toBe(401);
    const user = await shopper();
    const res = await send("GET", "/api/me/addresses", user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("saves an address with the checkout's rules: the first is the default", async () => {
    const user = await shopper();
    const res = await add(user, home);
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json();
    expect(reply.message).toBe(ADDRESS_BOOK_MESSAGES.added);
    expect(reply.created).toBe(true);
    expect(reply.address).toMatchObject({
      addressType: "home",
      name: "Meera Iyer",
      phone: "9876543210",
      state: "Karnataka",
      country: "India",
      isDefault: true,
    });
    const second = await add(user, office);
    expect(second.statusCode).toBe(201);
    expect(second.json().address.isDefault).toBe(false);
    const saved = await book(user);
    expect(saved.map((a) => [a.addressType, a.isDefault])).toEqual([
      ["home", true],
      ["office", false],
    ]);
  });

  it("refuses a bad address with the field's message and saves nothing", async () => {
    const user = await shopper();
    const cases: Array<[Partial<AddressInput>, string, string]> = [
      [{ pincode: "012345" }, "pincode", ORDER_MESSAGES.pincode],
      [{ phone: "12345" }, "phone", ORDER_MESSAGES.phone],
      [{ state: "Atlantis" }, "state", ORDER_MESSAGES.state],
      [{ streetAddress: "  " }, "streetAddress", ORDER_MESSAGES.requiredFields],
      [{ name: "" }, "name", ORDER_MESSAGES.requiredFields],
      [{ country: "Nepal" }, "country", ORDER_MESSAGES.country],
    ];
    for (const [change, field, message] of cases) {
      const res = await add(user, { ...home, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const wrongType = await add(user, { ...home, addressType: "castle" as "home" });
    expect(wrongType.statusCode).toBe(400);
    expect(await book(user)).toEqual([]);
  });

  it("edits, deletes and moves the default; a deleted default passes on", async () => {
    const user = await shopper();
    const first = (await add(user, home)).json().address as SavedAddress;
    const second = (await add(user, office)).json().address as SavedAddress;

    const edited = await send("PUT", `/api/me/addresses/${second.id}`, user.cookie, {
      ...office,
      apartment: "3rd floor",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: ADDRESS_BOOK_MESSAGES.updated,
      address: { apartment: "3rd floor", isDefault: false },
    });

    const made = await send("POST", `/api/me/addresses/${second.id}/default`, user.cookie);
    expect(made.statusCode).toBe(200);
    expect(made.json().message).toBe(ADDRESS_BOOK_MESSAGES.madeDefault);
    expect((await book(user)).map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const removed = await send("DELETE", `/api/me/addresses/${second.id}`, user.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(ADDRESS_BOOK_MESSAGES.deleted);
    expect((await book(user)).map((a) => [a.id, a.isDefault])).toEqual([[first.id, true]]);
  });

  it("makes an edited address the default when asked", async () => {
    const user = await shopper();
    await add(user, home);
    const second = (await add(user, office)).json().address as SavedAddress;
    const res = await send("PUT", `/api/me/addresses/${second.id}`, user.cookie, {
      ...office,
      isDefault: true,
    });
    expect(res.json().address.isDefault).toBe(true);
    expect((await book(user)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
  });

  it("keeps exactly one default when 'make default' is sent many times at once", async () => {
    const user = await shopper();
    const ids: string[] = [];
    for (const street of ["1 A Road", "2 B Road", "3 C Road", "4 D Road"]) {
      ids.push((await add(user, { ...home, streetAddress: street })).json().address.id);
    }
    const answers = await Promise.all(
      [...ids, ...ids, ...ids].map((id) =>
        send("POST", `/api/me/addresses/${id}/default`, user.cookie),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const defaults = (await book(user)).filter((a) => a.isDefault);
    expect(defaults).toHaveLength(1);
  });

  it("does not add the same address twice", async () => {
    const user = await shopper();
    const first = await add(user, home);
    const again = await add(user, { ...home, streetAddress: " 14  residency road " });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: ADDRESS_BOOK_MESSAGES.alreadySaved,
      created: false,
      address: { id: first.json().address.id },
    });
    expect(await book(user)).toHaveLength(1);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX} addresses`, async () => {
    const user = await shopper();
    for (let i = 1; i <= ADDRESS_BOOK_MAX; i++) {
      const res = await add(user, { ...home, streetAddress: `${i} Temple Street` });
      expect(res.statusCode).toBe(201);
    }
    const full = await add(user, { ...home, streetAddress: "11 Temple Street" });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(ADDRESS_BOOK_MESSAGES.full(ADDRESS_BOOK_MAX));
    expect(await book(user)).toHaveLength(ADDRESS_BOOK_MAX);
    // One already saved is still answered (nothing new is added).
    const known = await add(user, { ...home, streetAddress: "3 Temple Street" });
    expect(known.statusCode).toBe(200);
  });

  it("answers 404 for another shopper's address and changes nothing", async () => {
    const owner = await shopper();
    const other = await shopper();
    const theirs = (await add(owner, home)).json().address as SavedAddress;
    const url = `/api/me/addresses/${theirs.id}`;
    for (const res of [
      await send("GET", url, other.cookie),
      await send("PUT", url, other.cookie, office),
      await send("DELETE", url, other.cookie),
      await send("POST", `${url}/default`, other.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADDRESS_BOOK_MESSAGES.notFound);
    }
    expect(await book(other)).toEqual([]);
    expect(await book(owner)).toEqual([theirs]);
    expect((await send("GET", "/api/me/addresses/not-an-id", owner.cookie)).statusCode).toBe(404);
  });

  it("goes with the account when it is deleted", async () => {
    const user = await shopper();
    await add(user, home);
    const saved = () => db.select().from(userAddresses).where(eq(userAddresses.userId, user.id));
    expect(await saved()).toHaveLength(1);
    await db.delete(users).where(eq(users.id, user.id));
    expect(await saved()).toHaveLength(0);
  });
});

describe("an order with a saved address", () => {
  /** A shopper with one ₹1,200 kurta (free shipping) in the cart. */
  async function withCart(user: TestUser) {
    const product = await createProduct(db, { price: 1200, sizes: [{ size: "M", stock: 10 }] });
    await db
      .insert(cartLines)
      .values({ userId: user.id, productId: product.id, size: "M", quantity: 1, color: "" });
    return product;
  }
  /** The checkout's body for a saved address (what the page sends when one is chosen). */
  const orderWith = (address: SavedAddress, productId: string) => ({
    user: {
      name: address.name,
      email: "meera@example.in",
      phone: address.phone,
      address: `${addressSummary(address)}, ${address.country}`,
    },
    items: [{ productId, size: "M", quantity: 1 }],
    totalAmount: 1200,
    shippingAddress: {
      streetAddress: address.streetAddress,
      apartment: address.apartment,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      country: address.country,
      addressType: address.addressType,
    },
  });

  it("is placed to it, and the order keeps its own copy", async () => {
    const user = await shopper();
    const saved = (await add(user, home)).json().address as SavedAddress;
    const product = await withCart(user);
    const res = await send("POST", "/api/orders", user.cookie, orderWith(saved, product.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      user: { name: "Meera Iyer", phone: "9876543210" },
      shippingAddress: { streetAddress: "14 Residency Road", pincode: "560001" },
    });
    const orderId = res.json().order._id as string;
    // Editing the book later does not move the order.
    await send("PUT", `/api/me/addresses/${saved.id}`, user.cookie, {
      ...home,
      streetAddress: "99 New Street",
    });
    const order = (await send("GET", `/api/orders/${orderId}`, user.cookie)).json();
    expect(order.shippingAddress.streetAddress).toBe("14 Residency Road");
  });

  it("is checked again when ordering: a PIN the store stopped serving is refused", async () => {
    const user = await shopper();
    const saved = (await add(user, office)).json().address as SavedAddress;
    const product = await withCart(user);
    const stop = await send("POST", "/api/admin/delivery/zones/import", admin.cookie, {
      csv: "pin,zone,transit_days,cod,serviceable\n560,South,3,y,y\n400050,Closed,0,n,n\n",
    });
    expect(stop.statusCode, stop.body).toBe(200);
    try {
      const res = await send("POST", "/api/orders", user.cookie, orderWith(saved, product.id));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors["shippingAddress.pincode"]).toMatch(
        /do not deliver to PIN code 400050/,
      );
      // The saved address stays as it was; the cart too.
      expect(await book(user)).toEqual([saved]);
      expect(await db.select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(
        1,
      );
    } finally {
      await send("POST", "/api/admin/delivery/zones/import", admin.cookie, {
        csv: "pin,zone,transit_days,cod\n1,All,4,y\n2,All,4,y\n3,All,4,y\n4,All,4,y\n5,All,4,y\n6,All,4,y\n7,All,4,y\n8,All,4,y\n",
      });
    }
  });

  it("seeds an existing shopper's book with their last order's address on first opening", async () => {
    const user = await shopper();
    const product = await withCart(user);
    const placed = await send("POST", "/api/orders", user.cookie, {
      ...orderWith(
        {
          ...(office as SavedAddress),
          apartment: "",
          country: "India",
          addressType: "office",
        },
        product.id,
      ),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const seeded = await book(user);
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatchObject({
      addressType: "office",
      name: "Meera Iyer",
      phone: "9876543210",
      streetAddress: "Unit 5, Hill Road",
      pincode: "400050",
      isDefault: true,
    });
    // Only once: deleted, it stays deleted.
    await send("DELETE", `/api/me/addresses/${seeded[0]!.id}`, user.cookie);
    expect(await book(user)).toEqual([]);
  });
});
