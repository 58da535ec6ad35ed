import { storeAddressLines } from "@vastra/contracts/address-lines";
import type { StoreSettings } from "@vastra/contracts/store";

/** ₹999, ₹1,29,999: whole rupees with Indian digit grouping (the one money formatter). */
export { formatWholeRupees as formatRupees } from "@vastra/contracts/money";

/** "a, b and c": the same on server and browser (Intl.ListFormat differs between ICU builds). */
export function joinList(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

/** The store's address as display lines. */
export function addressLines(store: StoreSettings): string[] {
  return storeAddressLines(store.address);
}

/** The store's address on one line. */
export function addressOneLine(store: StoreSettings): string {
  return addressLines(store).join(", ");
}

export { telHref } from "~/lib/store";

/** The page title: "Shipping Policy | Vastra" (just the title when the settings are missing). */
export function pageTitle(title: string, store: StoreSettings | undefined): string {
  return store?.name ? `${title} | ${store.name}` : title;
}

/** Title, description and their Open Graph twins for a page's `meta` export. */
export function pageMeta(title: string, description: string, store: StoreSettings | undefined) {
  const full = pageTitle(title, store);
  return [
    { title: full },
    { name: "description", content: description },
    { property: "og:title", content: full },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}
