/** The Categories tab's data: every category with its product count, asked of the API in-process. */
import { type AdminCategory, CATEGORY_MESSAGES } from "@vastra/contracts/categories";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type CategoriesData = { categories: AdminCategory[]; error: string | null };

export async function loadCategories(
  context: Readonly<RouterContextProvider>,
): Promise<CategoriesData> {
  try {
    const categories = await apiJson<AdminCategory[]>(serverApi(context), "/api/admin/categories", {
      fallback: CATEGORY_MESSAGES.fetchFailed,
    });
    return { categories, error: null };
  } catch (error) {
    return {
      categories: [],
      error: error instanceof ApiError ? error.message : CATEGORY_MESSAGES.fetchFailed,
    };
  }
}
