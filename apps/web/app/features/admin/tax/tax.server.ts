/** The Tax tab's data: the store's invoicing details (legal name, address, state, GSTIN), in-process. */
import type { TaxSettings } from "@vastra/contracts/gst";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type TaxData = { settings: TaxSettings | null; error: string | null };

const FAILED = "Failed to load the tax settings";

export async function loadTax(context: Readonly<RouterContextProvider>): Promise<TaxData> {
  try {
    const settings = await apiJson<TaxSettings>(serverApi(context), "/api/admin/tax/settings", {
      fallback: FAILED,
    });
    return { settings, error: null };
  } catch (error) {
    return { settings: null, error: error instanceof ApiError ? error.message : FAILED };
  }
}
