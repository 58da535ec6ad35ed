import type { ShippingRules } from "@vastra/contracts/shipping";
import { DEFAULT_SHIPPING_RULES } from "@vastra/contracts/shipping-rules";
import { useStoreSettings } from "~/lib/store";

/**
 * The store's shipping charges (GET /api/store `shipping`, loaded by the root route), or the
 * defaults while they cannot be read. Here rather than in lib/store.ts so that the texts and
 * money formatting they bring load with the product page, not with every page's shell.
 */
export function useShippingRules(): ShippingRules {
  return useStoreSettings()?.shipping ?? DEFAULT_SHIPPING_RULES;
}
