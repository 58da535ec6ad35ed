/** The Delivery tab's data: the delivery settings and the first page of served PINs, in-process. */
import type { DeliverySettings, DeliveryZone } from "@vastra/contracts/delivery";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";

export type ZonePage = { total: number; page: number; items: DeliveryZone[] };
export type DeliveryData = {
  settings: DeliverySettings | null;
  zones: ZonePage;
  error: string | null;
};

const FAILED = "Failed to load the delivery settings";

export async function loadDelivery(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<DeliveryData> {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  const prefix = url.searchParams.get("prefix")?.trim();
  if (prefix && /^\d{1,6}$/.test(prefix)) query.set("prefix", prefix);
  const page = Number(url.searchParams.get("page"));
  if (Number.isInteger(page) && page > 1) query.set("page", String(page));
  const api = serverApi(context);
  try {
    const [settings, zones] = await Promise.all([
      apiJson<DeliverySettings>(api, "/api/admin/delivery/settings", { fallback: FAILED }),
      apiJson<ZonePage>(api, `/api/admin/delivery/zones?${query}`, { fallback: FAILED }),
    ]);
    return { settings, zones, error: null };
  } catch (error) {
    return {
      settings: null,
      zones: { total: 0, page: 1, items: [] },
      error: error instanceof ApiError ? error.message : FAILED,
    };
  }
}
