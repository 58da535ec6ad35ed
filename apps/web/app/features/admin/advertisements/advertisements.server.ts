/** The Advertisements tab's data: every ad (by priority) and the categories of the shop filter. */
import { AD_MESSAGES, type Advertisement } from "@vastra/contracts/ads";
import type { Category } from "@vastra/contracts/catalogue";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type AdvertisementsData = {
  ads: Advertisement[];
  categories: Category[];
  error: string | null;
};

export async function loadAdvertisements(
  context: Readonly<RouterContextProvider>,
): Promise<AdvertisementsData> {
  const api = serverApi(context);
  const [ads, categories] = await Promise.all([
    apiJson<Advertisement[]>(api, "/api/admin/advertisements", {
      fallback: AD_MESSAGES.fetchFailed,
    }).then(
      (list) => ({ ads: list, error: null }),
      (error: unknown) => ({
        ads: [] as Advertisement[],
        error: error instanceof ApiError ? error.message : AD_MESSAGES.fetchFailed,
      }),
    ),
    apiJson<Category[]>(api, "/api/categories").catch(() => [] as Category[]),
  ]);
  return { ...ads, categories };
}
