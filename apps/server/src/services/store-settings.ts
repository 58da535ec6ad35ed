import { DEFAULT_STORE_SETTINGS, type StoreSettings, storeSettingsSchema } from "@vastra/contracts";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { prepared } from "../db/prepared.ts";
import { storeSettings } from "../db/schema.ts";

/**
 * Writes the default settings once, on an empty database. Looked for first: on a store that has
 * them (every start but its first) that is a read, not a write. The insert was a start's first
 * write, ~80-100 ms on PGlite against ~15 ms for the read (issue #11, record 0062).
 */
export async function ensureStoreSettings(db: DbOrTx): Promise<void> {
  const [stored] = await db
    .select({ id: storeSettings.id })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  if (stored) return;
  // Two processes starting at once may both get here: the second insert does nothing.
  await db
    .insert(storeSettings)
    .values({ id: 1, data: DEFAULT_STORE_SETTINGS })
    .onConflictDoNothing();
}

/** Every order reads it: built once (db/prepared.ts, record 0064). */
const storeSettingsRow = prepared<Record<string, never>, (typeof storeSettings.$inferSelect)[]>(
  "store_settings_row",
  (db) => db.select().from(storeSettings).where(eq(storeSettings.id, 1)),
);

/** The store's settings; unknown or broken stored values fall back to the defaults field by field. */
export async function getStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  const [row] = await storeSettingsRow(db, {});
  if (!row) return DEFAULT_STORE_SETTINGS;
  const stored = (
    typeof row.data === "object" && row.data !== null && !Array.isArray(row.data) ? row.data : {}
  ) as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...DEFAULT_STORE_SETTINGS };
  // A store saved before the one `hours` list kept its shop hours as `footerHours` (record 0035).
  const source =
    !("hours" in stored) && "footerHours" in stored
      ? { ...stored, hours: stored.footerHours }
      : stored;
  for (const [key, field] of Object.entries(storeSettingsSchema.shape)) {
    if (!(key in source)) continue;
    const parsed = field.safeParse(source[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as StoreSettings;
}
