/**
 * The Idempotency-Key of a placed order (record 0032), the same rule on both sides: the checkout
 * sends one per attempt, the API refuses one it could not store. Zod-free.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/** Longest key the API keeps (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** Whether a value can be sent as the key: a string of 1 to 200 characters. */
export function isIdempotencyKey(value: unknown): value is string {
  return (
    typeof value === "string" && value.length >= 1 && value.length <= IDEMPOTENCY_KEY_MAX_LENGTH
  );
}
