import type { StoreInfo } from "@vastra/contracts/store";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * The store settings loaded once by the root route (name, address, phone, e-mail, social links,
 * hours, shipping charges …). Any route or component can read them; no need to call /api/store again.
 */
export function useStoreSettings(): StoreInfo | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.store;
}

/** Digits and a leading + only, for tel: links ("+91 98200 12345" → "+919820012345"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
