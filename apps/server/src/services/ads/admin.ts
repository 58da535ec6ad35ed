/**
 * Advertisements, admin side (admin.md §2, §3, §5, §8, §9): every ad by priority, create, update,
 * delete, activate/deactivate. The public read side (the home page's active ads) is index.ts.
 *
 * - The button link is derived from the target page: a fixed path, the shop-filter builder's
 *   /products?… link, or the admin's custom URL (a path on this site or an http(s) URL). The link a
 *   client sends is read only for the custom target.
 * - A shop filter's category is a category id (a rename keeps the link working) that must exist.
 * - Images: an ad keeps an uploaded image (`claim`), and an image replaced or removed on save, or
 *   the image of a deleted ad, is released (`release`) so the upload module can delete it once
 *   nothing refers to it. Both run in the transaction of the save.
 */
import {
  AD_MESSAGES,
  type AdInput,
  type Advertisement,
  adErrorMessage,
  adFormErrors,
  adLinkFor,
  istDayEnd,
  istDayStart,
} from "@vastra/contracts";
import { asc, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { advertisements, categories, products } from "../../db/schema.ts";
import { isUuid } from "../catalogue/index.ts";
import type { Clock } from "../clock.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import type { UploadService } from "../uploads/index.ts";
import { toAdvertisement } from "./index.ts";

/** What the ads need of the upload module (services/uploads); none in tests that do not upload. */
export type AdUploads = Pick<UploadService, "claim" | "release" | "purgeReleased">;

const noUploads: AdUploads = {
  claim: async () => {},
  release: async () => [],
  purgeReleased: async () => 0,
};

type AdRow = typeof advertisements.$inferSelect;

export function createAdAdminService(deps: { db: Db; clock: Clock; uploads?: AdUploads }) {
  const { db, clock } = deps;
  const uploads = deps.uploads ?? noUploads;

  /** The row values of a valid input; refuses an invalid one with every field's message. */
  async function valuesOf(tx: Tx, input: AdInput) {
    const errors = adFormErrors({
      ...input,
      category: input.shopFilters.category,
      product: input.shopFilters.product,
    });
    const filters =
      input.targetPage === "shop-filters"
        ? { ...input.shopFilters, product: undefined }
        : input.targetPage === "category"
          ? { category: input.shopFilters.category }
          : input.targetPage === "product"
            ? { product: input.shopFilters.product }
            : {};
    if (filters.product) {
      const [product] = isUuid(filters.product)
        ? await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, filters.product))
        : [];
      if (!product) errors["shopFilters.product"] = AD_MESSAGES.productUnknown;
    }
    if (filters.category) {
      const [category] = isUuid(filters.category)
        ? await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.id, filters.category))
        : [];
      if (!category) errors["shopFilters.category"] = AD_MESSAGES.categoryUnknown;
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(adErrorMessage(errors), errors);
    const shopFilters = Object.fromEntries(
      Object.entries(filters).filter(([, v]) => typeof v === "string" && v !== ""),
    );
    const startsAt = input.startDate ? istDayStart(input.startDate) : null;
    const endsAt = input.endDate ? istDayEnd(input.endDate) : null;
    const now = clock();
    return {
      title: input.title,
      description: input.description,
      imageUrl: input.imageUrl,
      buttonText: input.buttonText,
      targetPage: input.targetPage,
      shopFilters,
      buttonLink: adLinkFor(input.targetPage, shopFilters, input.buttonLink),
      isActive: input.isActive,
      priority: input.priority,
      startsAt,
      endsAt,
      // Set as the sweeper would, so it has nothing to write until the window's next edge.
      inWindow: (!startsAt || startsAt <= now) && (!endsAt || endsAt > now),
    };
  }

  /** Deletes released images now; a failure leaves them to the upload sweeper. */
  async function purge(): Promise<void> {
    try {
      await uploads.purgeReleased();
    } catch {
      // The sweeper deletes released uploads on its next pass.
    }
  }

  async function find(tx: Tx | Db, id: string): Promise<AdRow> {
    if (!isUuid(id)) throw new NotFoundError(AD_MESSAGES.notFound);
    const [row] = await tx.select().from(advertisements).where(eq(advertisements.id, id));
    if (!row) throw new NotFoundError(AD_MESSAGES.notFound);
    return row;
  }

  return {
    /** Every ad, lowest priority number first (the order the home page uses), then the newest. */
    async list(): Promise<Advertisement[]> {
      const rows = await db
        .select()
        .from(advertisements)
        .orderBy(
          asc(advertisements.priority),
          desc(advertisements.createdAt),
          asc(advertisements.id),
        );
      return rows.map(toAdvertisement);
    },

    async create(input: AdInput): Promise<Advertisement> {
      return db.transaction(async (tx) => {
        const values = await valuesOf(tx, input);
        const now = clock();
        const [row] = await tx
          .insert(advertisements)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning();
        await uploads.claim(tx, [values.imageUrl]);
        return toAdvertisement(row!);
      });
    },

    async update(id: string, input: AdInput): Promise<Advertisement> {
      const { ad, released } = await db.transaction(async (tx) => {
        const current = await find(tx, id);
        const values = await valuesOf(tx, input);
        const [row] = await tx
          .update(advertisements)
          .set({ ...values, updatedAt: clock() })
          .where(eq(advertisements.id, id))
          .returning();
        await uploads.claim(tx, [values.imageUrl]);
        const released =
          current.imageUrl !== values.imageUrl ? await uploads.release(tx, [current.imageUrl]) : [];
        return { ad: toAdvertisement(row!), released };
      });
      if (released.length > 0) await purge();
      return ad;
    },

    async remove(id: string): Promise<void> {
      const released = await db.transaction(async (tx) => {
        const current = await find(tx, id);
        await tx.delete(advertisements).where(eq(advertisements.id, id));
        return uploads.release(tx, [current.imageUrl]);
      });
      if (released.length > 0) await purge();
    },

    async setActive(id: string, isActive: boolean): Promise<Advertisement> {
      return db.transaction(async (tx) => {
        await find(tx, id);
        const [row] = await tx
          .update(advertisements)
          .set({ isActive, updatedAt: clock() })
          .where(eq(advertisements.id, id))
          .returning();
        return toAdvertisement(row!);
      });
    },
  };
}
export type AdAdminService = ReturnType<typeof createAdAdminService>;
