import { DEFAULT_STORE_INFO, type StoreInfo } from "@vastra/contracts/store";
import type { RouterContextProvider } from "react-router";
import { apiJson } from "./api";
import { serverApi } from "./api.server";

/**
 * The store settings (GET /api/store) for the shell. If the call fails the page still renders,
 * with the built-in placeholder settings, and the failure is logged.
 */
export async function loadStoreSettings(
  context: Readonly<RouterContextProvider>,
): Promise<StoreInfo> {
  try {
    return await apiJson<StoreInfo>(serverApi(context), "/api/store");
  } catch (error) {
    console.error("GET /api/store failed; using the default store settings", error);
    return DEFAULT_STORE_INFO;
  }
}
