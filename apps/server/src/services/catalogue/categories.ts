/**
 * Categories, admin side: list with product counts, add, rename, delete (admin.md §2, §5, §7).
 *
 * - Names are stored normalized (trimmed, inner spaces collapsed) and are unique ignoring case:
 *   checked first for a clear 409 naming the other category, and by the unique index on
 *   lower(name) when two saves race.
 * - A rename rebuilds the search documents of the category's products, so searching by the new
 *   name finds them (and the old one no longer does), in the same transaction.
 * - Deleting a category that products use is allowed: those products lose it (the link rows go
 *   with the category) and stay on sale with their other categories, or none; their search
 *   documents are rebuilt. Advertisements whose shop filter named it drop that filter and get their
 *   link rebuilt, so no banner points at an empty list.
 */
import {
  type AdminCategory,
  type AdTargetPage,
  adLinkFor,
  CATEGORY_MESSAGES,
  type CategoryInput,
  categoryExistsMessage,
} from "@vastra/contracts";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { advertisements, categories, productCategories } from "../../db/schema.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { isUuid } from "./read.ts";
import { refreshSearchDocument, refreshSearchDocumentForCategories } from "./search.ts";

const productCount = sql<number>`(select count(*)::int from ${productCategories}
  where ${productCategories.categoryId} = ${categories.id})`;

const adminColumns = { _id: categories.id, name: categories.name, productCount };

/** Whether the error is the unique index on lower(name) refusing a second spelling. */
function isDuplicateName(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (x.code === "23505") {
      const constraint = String(x.constraint ?? x.constraint_name ?? "");
      return constraint === "" || constraint === "categories_name_lower_key";
    }
  }
  return false;
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: string): Promise<void> {
  const same = sql`lower(${categories.name}) = lower(${name})`;
  const [other] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(exceptId ? and(same, ne(categories.id, exceptId)) : same)
    .limit(1);
  if (other) throw new ConflictError(categoryExistsMessage(other.name));
}

async function findCategory(db: DbOrTx, id: string): Promise<AdminCategory> {
  if (!isUuid(id)) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
  const [row] = await db.select(adminColumns).from(categories).where(eq(categories.id, id));
  if (!row) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
  return { ...row, productCount: Number(row.productCount) };
}

/** Runs a write, turning the unique index's refusal into the same 409 as the early check. */
async function guardDuplicate<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateName(error)) throw new ConflictError(categoryExistsMessage(name));
    throw error;
  }
}

export function createCategoryAdminService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Every category by name, with how many products use it. */
    async list(): Promise<AdminCategory[]> {
      const rows = await db
        .select(adminColumns)
        .from(categories)
        .orderBy(sql`lower(${categories.name})`, asc(categories.name));
      return rows.map((r) => ({ ...r, productCount: Number(r.productCount) }));
    },

    async create(input: CategoryInput): Promise<AdminCategory> {
      return guardDuplicate(input.name, () =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, input.name);
          const [row] = await tx
            .insert(categories)
            .values({ name: input.name })
            .returning({ id: categories.id });
          return findCategory(tx, row!.id);
        }),
      );
    },

    /** Renames a category and rebuilds its products' search documents. */
    async rename(id: string, input: CategoryInput): Promise<AdminCategory> {
      return guardDuplicate(input.name, () =>
        db.transaction(async (tx) => {
          const current = await findCategory(tx, id);
          await assertNameFree(tx, input.name, id);
          if (current.name !== input.name) {
            await tx
              .update(categories)
              .set({ name: input.name, updatedAt: sql`now()` })
              .where(eq(categories.id, id));
            await refreshSearchDocumentForCategories(tx, [id]);
          }
          return findCategory(tx, id);
        }),
      );
    },

    /**
     * Deletes a category. Its products stay, without it; ads filtering on it drop that filter.
     * Returns how many products and ads it touched.
     */
    async remove(id: string): Promise<{ productCount: number; advertisementCount: number }> {
      return db.transaction(async (tx) => {
        await findCategory(tx, id);
        const linked = await tx
          .select({ productId: productCategories.productId })
          .from(productCategories)
          .where(eq(productCategories.categoryId, id));
        const ads = await tx
          .select({
            id: advertisements.id,
            targetPage: advertisements.targetPage,
            shopFilters: advertisements.shopFilters,
          })
          .from(advertisements)
          .where(sql`${advertisements.shopFilters} ->> 'category' = ${id}`);

        await tx.delete(categories).where(eq(categories.id, id));
        await refreshSearchDocument(
          tx,
          linked.map((l) => l.productId),
        );
        for (const ad of ads) {
          const { category: _dropped, ...filters } = (ad.shopFilters ?? {}) as Record<
            string,
            string
          >;
          const update: Partial<typeof advertisements.$inferInsert> = {
            shopFilters: filters,
            updatedAt: new Date(),
          };
          if (ad.targetPage === "shop-filters") {
            update.buttonLink = adLinkFor(ad.targetPage as AdTargetPage, filters, "");
          }
          await tx.update(advertisements).set(update).where(eq(advertisements.id, ad.id));
        }
        return { productCount: linked.length, advertisementCount: ads.length };
      });
    },
  };
}
export type CategoryAdminService = ReturnType<typeof createCategoryAdminService>;
