/**
 * Identifiers the same on server and browser (issue #15's shared kernel). Zod-free: pages and
 * services import it without the schemas.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path or query value is a UUID (any case), before it reaches a uuid column. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
