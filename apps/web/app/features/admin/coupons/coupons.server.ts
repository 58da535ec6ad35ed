/** The Coupons tab's data (record 0047): every coupon with its uses, and the categories to limit one to. */
import type { AdminCategory } from "@vastra/contracts/categories";
import type { Coupon } from "@vastra/contracts/coupons";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type CouponsData = {
  coupons: Coupon[];
  categories: Array<Pick<AdminCategory, "_id" | "name">>;
  error: string | null;
};

const FAILED = "Failed to load the coupons";

export async function loadCoupons(context: Readonly<RouterContextProvider>): Promise<CouponsData> {
  const api = serverApi(context);
  try {
    const [coupons, categories] = await Promise.all([
      apiJson<Coupon[]>(api, "/api/admin/coupons", { fallback: FAILED }),
      apiJson<AdminCategory[]>(api, "/api/admin/categories", { fallback: FAILED }),
    ]);
    return {
      coupons,
      categories: categories.map((c) => ({ _id: c._id, name: c.name })),
      error: null,
    };
  } catch (error) {
    return {
      coupons: [],
      categories: [],
      error: error instanceof ApiError ? error.message : FAILED,
    };
  }
}
