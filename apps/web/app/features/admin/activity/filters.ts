/** The Activity tab's filters, as the URL carries them (record 0050). */
export const ACTIVITY_FILTER_KEYS = [
  "entityType",
  "entityId",
  "actorId",
  "reason",
  "field",
  "from",
  "to",
] as const;
export type ActivityFilters = Record<(typeof ACTIVITY_FILTER_KEYS)[number], string>;

export function readActivityFilters(params: URLSearchParams): ActivityFilters {
  const filters = {} as ActivityFilters;
  for (const key of ACTIVITY_FILTER_KEYS) {
    filters[key] = (params.get(key) ?? "").trim().slice(0, 100);
  }
  return filters;
}
