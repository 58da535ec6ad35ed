/**
 * SEED_DEMO=1: an empty database gets the demo admin (and, with the catalogue issue, the demo
 * catalogue). Outside production the demo admin's password is fixed and printed at every start.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { createOrPromoteAdmin } from "../services/admins.ts";

export const DEMO_ADMIN_EMAIL = "admin@vastra.example";
export const DEMO_ADMIN_PASSWORD = "VastraDemo#2026";

export type DemoLogin = { adminEmail: string; adminPassword: string };

export async function seedDemo(
  db: Db,
  options: { production?: boolean } = {},
): Promise<DemoLogin | undefined> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users);
  if (count > 0) {
    const [demo] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_ADMIN_EMAIL}`);
    if (!demo || options.production) return undefined;
    return {
      adminEmail: DEMO_ADMIN_EMAIL,
      adminPassword: `${DEMO_ADMIN_PASSWORD} (unless changed)`,
    };
  }
  const password = options.production ? randomBytes(12).toString("base64url") : DEMO_ADMIN_PASSWORD;
  await createOrPromoteAdmin(db, { email: DEMO_ADMIN_EMAIL, password, name: "Demo Admin" });
  return { adminEmail: DEMO_ADMIN_EMAIL, adminPassword: password };
}
