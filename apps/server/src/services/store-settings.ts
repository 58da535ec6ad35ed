import { DEFAULT_STORE_SETTINGS, type StoreSettings, storeSettingsSchema } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { storeSettings } from "../db/schema.ts";

/** Writes the default settings once, on an empty database. */
export async function ensureStoreSettings(db: DbOrTx): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ id: 1, data: DEFAULT_STORE_SETTINGS })
    .onConflictDoNothing();
}

/** The store's settings; unknown or broken stored values fall back to the defaults field by field. */
export async function getStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!row) return DEFAULT_STORE_SETTINGS;
  const parsed = storeSettingsSchema.safeParse({
    ...DEFAULT_STORE_SETTINGS,
    ...(row.data as object),
  });
  return parsed.success ? parsed.data : DEFAULT_STORE_SETTINGS;
}
