/**
 * Creating the first admin (CLI and demo seed): a verified account, or an existing one promoted.
 */

import { EMAIL } from "@vastra/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { insertUser } from "./auth/accounts.ts";
import { ValidationError } from "./errors.ts";
import { hashPassword } from "./passwords.ts";

export type AdminInput = { email: string; password: string; name?: string };

export async function createOrPromoteAdmin(
  db: Db,
  input: AdminInput,
  now: Date = new Date(),
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email))
    throw ValidationError.field("email", "Please enter a valid email address");
  if (input.password.length < 6) {
    throw ValidationError.field("password", "Password must be at least 6 characters long");
  }
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (existing) {
    await db
      .update(users)
      .set({
        isAdmin: true,
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        ...(input.name ? { name: input.name } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
  }
  const row = await insertUser(db, {
    name: input.name?.trim() || "Store Admin",
    email,
    passwordHash,
    isAdmin: true,
    emailVerifiedAt: now,
  });
  return { id: row.id, created: true };
}
