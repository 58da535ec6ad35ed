/** Garment sizes in the order a shopper reads them: letters small to large, then numbers, then the rest. */
const LETTER_SIZES = [
  "XXS",
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "2XL",
  "XXXL",
  "3XL",
  "XXXXL",
  "4XL",
  "5XL",
  "6XL",
];
const letterRank = new Map(LETTER_SIZES.map((s, i) => [s, i]));
const NUMERIC = /^\d+(\.\d+)?$/;

function rank(size: string): [number, number, string] {
  const key = size.trim().toUpperCase();
  const letter = letterRank.get(key);
  if (letter !== undefined) return [0, letter, key];
  if (NUMERIC.test(key)) return [1, Number(key), key];
  return [2, 0, key];
}

export function compareSizes(a: string, b: string): number {
  const [ga, na, ka] = rank(a);
  const [gb, nb, kb] = rank(b);
  if (ga !== gb) return ga - gb;
  if (na !== nb) return na - nb;
  return ka.localeCompare(kb, "en", { numeric: true });
}

/** Distinct sizes (case-insensitively), sorted in garment order. */
export function sortSizes(sizes: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const size of sizes) {
    const trimmed = size.trim();
    const key = trimmed.toUpperCase();
    if (trimmed && !seen.has(key)) seen.set(key, trimmed);
  }
  return [...seen.values()].sort(compareSizes);
}
