/**
 * The address book service (record 0040): the default and the cap hold under simultaneous writes
 * (on PostgreSQL these really run at once), the one-time seed from the last order, ownership.
 */
import { ADDRESS_BOOK_MAX, type AddressFields, addressInputSchema } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, createUser } from "../../../test/factories.ts";
import { createTestClock, dbError, setupTestDatabase } from "../../../test/helpers.ts";
import { orderItems, orders, userAddresses } from "../../db/schema.ts";
import { NotFoundError } from "../errors.ts";
import { createAddressService } from "./index.ts";

const clock = createTestClock("2026-11-30T11:00:00+05:30");
const database = await setupTestDatabase();
const db = database.db;
const addresses = createAddressService({ db, clock });

const fields = (street: string, extra: Partial<AddressFields> = {}): AddressFields =>
  addressInputSchema.parse({
    name: "Arjun Rao",
    phone: "9123456780",
    streetAddress: street,
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600001",
    ...extra,
  });

const shopper = async () => (await createUser(db, { now: clock() })).id;

describe("the address service", () => {
  it("keeps one default under simultaneous 'make default' calls", async () => {
    const userId = await shopper();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await addresses.add(userId, fields(`${i} Anna Salai`))).address.id);
    const results = await Promise.all(
      [...ids, ...ids.toReversed()].map((id) => addresses.makeDefault(userId, id)),
    );
    expect(results.every((r) => r.isDefault)).toBe(true);
    const rows = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });

  it("never holds more than the cap, however many are added at once", async () => {
    const userId = await shopper();
    const settled = await Promise.allSettled(
      Array.from({ length: ADDRESS_BOOK_MAX + 4 }, (_, i) =>
        addresses.add(userId, fields(`${i + 1} Mount Road`)),
      ),
    );
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(ADDRESS_BOOK_MAX);
    expect(settled.filter((s) => s.status === "rejected")).toHaveLength(4);
    const book = await addresses.list(userId);
    expect(book).toHaveLength(ADDRESS_BOOK_MAX);
    expect(book.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("lets the database refuse a second default whatever the code does", async () => {
    const userId = await shopper();
    await addresses.add(userId, fields("1 Beach Road"));
    const second = await addresses.add(userId, fields("2 Beach Road"));
    const refused = await dbError(
      db
        .update(userAddresses)
        .set({ isDefault: true })
        .where(eq(userAddresses.id, second.address.id)),
    );
    expect(refused.code).toBe("23505");
  });

  it("answers another shopper's address as not found", async () => {
    const owner = await shopper();
    const other = await shopper();
    const { address } = await addresses.add(owner, fields("7 Marina Road"));
    await expect(addresses.get(other, address.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      addresses.update(other, address.id, fields("8 Marina Road")),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(addresses.remove(other, address.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(addresses.makeDefault(other, address.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await addresses.get(owner, address.id)).toEqual(address);
  });

  it("seeds from the newest order with a structured address, once; never after a first save", async () => {
    const seeded = await shopper();
    const product = await createProduct(db, { price: 500 });
    const order = async (userId: string, street: string, at: string) => {
      const [row] = await db
        .insert(orders)
        .values({
          orderNumber: `VST-A${street.length}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
          userId,
          totalPaise: 50_000,
          subtotalPaise: 50_000,
          customerName: "Arjun Rao",
          customerEmail: "arjun@example.in",
          customerPhone: "9123456780",
          address: `${street}, Chennai, Tamil Nadu, 600001, India`,
          shippingAddress: {
            streetAddress: street,
            apartment: "",
            city: "Chennai",
            state: "Tamil Nadu",
            pincode: "600001",
            country: "India",
            addressType: "home",
          },
          createdAt: new Date(at),
          updatedAt: new Date(at),
        })
        .returning();
      await db.insert(orderItems).values({
        orderId: row!.id,
        productId: product.id,
        title: product.title,
        imageUrl: product.imageUrl,
        pricePaise: 50_000,
        size: "M",
        quantity: 1,
      });
    };
    await order(seeded, "Old Street 1", "2026-10-01T10:00:00Z");
    await order(seeded, "New Street 2", "2026-11-01T10:00:00Z");
    const [first] = await addresses.list(seeded);
    expect(first).toMatchObject({ streetAddress: "New Street 2", isDefault: true });
    await addresses.remove(seeded, first!.id);
    expect(await addresses.list(seeded)).toEqual([]);

    // A shopper whose first save came before opening the book keeps just what they saved.
    const saver = await shopper();
    await order(saver, "Past Street 3", "2026-11-02T10:00:00Z");
    await addresses.add(saver, fields("Chosen Street 4"));
    expect((await addresses.list(saver)).map((a) => a.streetAddress)).toEqual(["Chosen Street 4"]);
  });
});
