import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/factories.ts";
import { buildTestApp, createTestClock } from "../../test/helpers.ts";
import { storeSettings, users } from "../db/schema.ts";
import { insertUser } from "../services/auth/accounts.ts";

const clock = createTestClock("2026-11-21T10:00:00Z");
const { app, database } = await buildTestApp({ clock });
const db = database.db;

const stats = (cookie?: string) =>
  app.inject({ method: "GET", url: "/api/affiliate/stats", headers: cookie ? { cookie } : {} });

async function referred(referrerId: string, name: string, verified: boolean) {
  clock.advance(60_000);
  return insertUser(db, {
    name,
    email: `${name.toLowerCase().replaceAll(" ", ".")}@example.in`,
    passwordHash: "scrypt$0$0$0$none$none",
    referredById: referrerId,
    emailVerifiedAt: verified ? clock() : null,
    createdAt: clock(),
  });
}

describe("GET /api/affiliate/stats", () => {
  it("needs a signed-in user", async () => {
    expect((await stats()).statusCode).toBe(401);
  });

  it("shows the code, the verified referred accounts newest first, and the reward", async () => {
    const me = await createUser(db, { now: clock() });
    const empty = await stats(me.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      affiliateCode: me.user.affiliateCode,
      count: 0,
      referred: [],
      rewardPerReferral: 100,
    });

    const first = await referred(me.id, "Rohan Das", true);
    await referred(me.id, "Unverified Person", false);
    const second = await referred(me.id, "Sneha Pillai", true);
    const someoneElse = await createUser(db, { now: clock() });
    await referred(someoneElse.id, "Not Mine", true);

    const res = await stats(me.cookie);
    expect(res.json()).toEqual({
      affiliateCode: me.user.affiliateCode,
      count: 2,
      referred: [
        { name: "Sneha Pillai", email: second.email, joinedAt: second.createdAt.toISOString() },
        { name: "Rohan Das", email: first.email, joinedAt: first.createdAt.toISOString() },
      ],
      rewardPerReferral: 100,
    });
  });

  it("takes the reward from the store settings", async () => {
    const me = await createUser(db, { now: clock() });
    const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
    const data = { ...((row?.data as object) ?? {}), referralRewardRupees: 150 };
    await db
      .insert(storeSettings)
      .values({ id: 1, data })
      .onConflictDoUpdate({ target: storeSettings.id, set: { data } });
    expect((await stats(me.cookie)).json().rewardPerReferral).toBe(150);
    await db.delete(users).where(eq(users.id, me.id));
  });
});
