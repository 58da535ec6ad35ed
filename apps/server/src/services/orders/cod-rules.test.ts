/**
 * The COD rules' service parts (record 0038): the confirmation token (signed, single order,
 * expiring), the COD cap and payment-first rule at placing, and the risk badges computed for a
 * whole page in one query.
 */
import { COD_MESSAGES, DEFAULT_COD_SETTINGS } from "@vastra/contracts";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct, createUser } from "../../../test/factories.ts";
import { setupTestDatabase } from "../../../test/helpers.ts";
import type { DbOrTx } from "../../db/client.ts";
import { orders } from "../../db/schema.ts";
import { ValidationError } from "../errors.ts";
import {
  checkCodRules,
  confirmationLink,
  confirmationToken,
  orderRisks,
  readConfirmationToken,
  returnedCounts,
} from "./cod-rules.ts";

const SECRET = "a-test-secret-of-enough-length-0123456789";
const ORDER = "5f0c2b1e-1d4c-4e9a-9b7a-3c1d2e4f5a6b";
const expires = new Date("2026-12-02T05:30:00Z");

describe("the confirmation token", () => {
  it("names one order until its expiry", () => {
    const token = confirmationToken(SECRET, ORDER, expires);
    expect(token).toMatch(/^[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(readConfirmationToken(SECRET, token, new Date("2026-12-02T05:29:59Z"))).toEqual({
      ok: true,
      orderId: ORDER,
      expiresAt: expires,
    });
    expect(readConfirmationToken(SECRET, token, expires)).toEqual({
      ok: false,
      message: COD_MESSAGES.linkExpired,
    });
  });

  it("is refused when any part is changed or signed with another secret", () => {
    const token = confirmationToken(SECRET, ORDER, expires);
    const [id, expiry, sig] = token.split(".") as [string, string, string];
    const before = new Date("2026-11-30T00:00:00Z");
    const bad = [
      `${id.replace("5f0c", "5f0d")}.${expiry}.${sig}`,
      `${id}.${Number(expiry) + 1}.${sig}`,
      `${id}.${expiry}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`,
      `${id}.${expiry}.${sig}x`,
      `${id}.${expiry}`,
      confirmationToken("another-secret-of-enough-length-987654", ORDER, expires),
      "",
    ];
    for (const t of bad) {
      expect(readConfirmationToken(SECRET, t, before), t).toEqual({
        ok: false,
        message: COD_MESSAGES.linkInvalid,
      });
    }
  });

  it("rides in a link to the page, the action only choosing what it shows first", () => {
    const token = confirmationToken(SECRET, ORDER, expires);
    expect(confirmationLink("https://shop.example/", token, "cancel")).toBe(
      `https://shop.example/order-confirmation?token=${token}&action=cancel`,
    );
  });
});

const database = await setupTestDatabase();
const db = database.db;
const settings = { ...DEFAULT_COD_SETTINGS };

async function orderFor(
  userId: string,
  changes: Partial<typeof orders.$inferInsert> = {},
  createdAt = new Date("2026-11-01T10:00:00Z"),
) {
  const product = await createProduct(db, { price: 1000 });
  const row = await createOrder(db, { userId, items: [{ productId: product.id }], createdAt });
  await db.update(orders).set(changes).where(eq(orders.id, row.id));
  return row.id;
}

describe("checkCodRules", () => {
  const rules = (tx: DbOrTx, input: Partial<Parameters<typeof checkCodRules>[1]>) =>
    checkCodRules(tx, {
      userId: input.userId!,
      phone: input.phone ?? "9000000001",
      method: input.method ?? "cash_on_delivery",
      totalPaise: input.totalPaise ?? 100_000,
      settings: input.settings ?? settings,
    });

  it("caps cash on delivery at the set order value (the cap itself allowed)", async () => {
    const user = await createUser(db);
    await expect(rules(db, { userId: user.id, totalPaise: 1_000_000 })).resolves.toEqual({
      paymentFirstReason: "",
    });
    const error = await rules(db, { userId: user.id, totalPaise: 1_000_001 }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual({ paymentMethod: COD_MESSAGES.codOverCap(10_000) });
    // UPI has no cap.
    await expect(
      rules(db, { userId: user.id, totalPaise: 5_000_000, method: "upi" }),
    ).resolves.toEqual({ paymentFirstReason: "" });
  });

  it("counts returned orders per account and per phone, and asks for payment first from the threshold", async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const phone = "9000000002";
    await orderFor(user.id, { status: "returned", customerPhone: "9000000003" });
    await orderFor(other.id, { status: "returned", customerPhone: phone });
    await orderFor(other.id, { status: "returned", customerPhone: phone });
    await orderFor(user.id, { status: "delivered", customerPhone: phone });
    expect(await returnedCounts(db, user.id, phone)).toEqual({ account: 1, phone: 2 });

    const error = await rules(db, { userId: user.id, phone }).catch((e) => e);
    expect(error.errors).toEqual({ paymentMethod: COD_MESSAGES.paymentFirst(2) });
    const upi = await rules(db, { userId: user.id, phone, method: "upi" });
    expect(upi.paymentFirstReason).toBe(
      "Payment needed before shipping: orders returned undelivered: 1 for this account, 2 for phone 9000000002 (the limit is 2).",
    );
    // Another phone: this account's one return is under the threshold.
    await expect(rules(db, { userId: user.id, phone: "9000000009" })).resolves.toEqual({
      paymentFirstReason: "",
    });
  });
});

describe("orderRisks", () => {
  it("flags a page of orders in one query whatever its length", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(db)));
    const ids: string[] = [];
    for (const [i, user] of users.entries()) {
      for (let n = 0; n < 4; n++) {
        ids.push(
          await orderFor(
            user.id,
            {
              customerPhone: `90000001${i}0`,
              deliveryPin: "110001",
              totalPaise: 100_000 * (n + 1),
            },
            new Date(Date.UTC(2026, 10, 2 + n, 10)),
          ),
        );
      }
    }
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (key === "execute" || key === "select") queries++;
          return value.apply(target, args);
        };
      },
    });
    const risks = await orderRisks(counting, ids, { ...settings, riskHighValueFromRupees: 2500 });
    expect(queries).toBe(1);
    expect(risks.size).toBe(20);
    const firstOfEach = ids.filter((_, i) => i % 4 === 0);
    for (const id of ids) {
      const flags = risks.get(id)!.map((r) => r.flag);
      expect(flags.includes("first_order"), id).toBe(firstOfEach.includes(id));
      const [row] = await db
        .select()
        .from(orders)
        .where(inArray(orders.id, [id]));
      expect(flags.includes("high_value")).toBe(row!.totalPaise > 250_000);
      expect(flags).not.toContain("shared_phone");
      expect(flags).not.toContain("pin_returns");
    }
  });
});
