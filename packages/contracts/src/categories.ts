/**
 * Categories as the admin manages them (admin.md §3, §5, §7, §8). The public list is in
 * catalogue.ts (`categorySchema`); the admin's list adds how many products use each category.
 */
import { z } from "./zod.ts";

export const CATEGORY_NAME_MAX = 60;

export const CATEGORY_MESSAGES = {
  required: "Category name is required",
  tooLong: `Please keep the category name under ${CATEGORY_NAME_MAX} characters`,
  notFound: "Category not found",
  added: "Category added successfully!",
  updated: "Category updated successfully!",
  deleted: "Category deleted successfully!",
  fetchFailed: "Failed to fetch categories",
  addFailed: "Failed to add category",
  updateFailed: "Failed to update category",
  deleteFailed: "Failed to delete category",
  invalidResponse: "Invalid response from server",
} as const;

/** 409 when another category already has this name (compared trimmed, case-insensitive). */
export const categoryExistsMessage = (name: string) => `A category named "${name}" already exists`;

/** What happens to the products of a deleted category, said before and after deleting. */
export function categoryDeleteEffect(productCount: number): string {
  if (productCount === 0) return "No products use it.";
  const products = productCount === 1 ? "1 product uses it" : `${productCount} products use it`;
  return `${products}: they stay on sale and simply lose this category.`;
}

/**
 * A category name as it is stored and compared: trimmed, inner runs of spaces made one.
 * "  Kurta   Sets " and "kurta sets" are the same category.
 */
export const normalizeCategoryName = (name: string) => name.trim().replace(/\s+/g, " ");

export const categoryInputSchema = z
  .object({
    name: z
      .string({ error: CATEGORY_MESSAGES.required })
      .transform(normalizeCategoryName)
      .pipe(
        z
          .string()
          .min(1, CATEGORY_MESSAGES.required)
          .max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.tooLong),
      ),
  })
  // No component id: its input and output differ (normalizing transforms), which OpenAPI
  // cannot name once.
  .strict();
export type CategoryInput = z.output<typeof categoryInputSchema>;

/** A category in the admin's list: with the number of products that use it. */
export const adminCategorySchema = z
  .object({ _id: z.string(), name: z.string(), productCount: z.number().int() })
  .meta({ id: "AdminCategory" });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const categoryReplySchema = z
  .object({ message: z.string(), category: adminCategorySchema })
  .meta({ id: "CategoryReply" });
export type CategoryReply = z.infer<typeof categoryReplySchema>;

export const categoryDeleteReplySchema = z
  .object({
    message: z.string(),
    /** How many products used the category (they keep their other categories and stay on sale). */
    productCount: z.number().int(),
    /** How many advertisements linked to a shop filter on it (the filter is dropped from their link). */
    advertisementCount: z.number().int(),
  })
  .meta({ id: "CategoryDeleteReply" });
export type CategoryDeleteReply = z.infer<typeof categoryDeleteReplySchema>;
