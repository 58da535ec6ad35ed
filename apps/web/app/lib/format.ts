/** Display helpers of the catalogue screens (same output on server and browser: no hydration drift). */

/** ₹1,299 or ₹1,29,999.50: Indian digit grouping, paise only when there are any. */
export { formatPrice } from "@vastra/contracts/money";

/** The average rating to one decimal ("4.0", "4.3"). */
export function formatRating(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** "1 product", "24 products". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-IN")} ${count === 1 ? one : many}`;
}

const reviewDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  // Fixed, so the server's rendering matches the browser's.
  timeZone: "Asia/Kolkata",
});

/** "12 March 2025" in Indian time. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : reviewDate.format(date);
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, "")}…`;
}

/**
 * A swatch colour for the common colour names of an Indian clothing store; unknown names get no
 * swatch (the name alone is shown).
 */
const SWATCHES: Record<string, string> = {
  black: "#1f1a17",
  white: "#ffffff",
  ivory: "#fbf3e2",
  cream: "#f3e7c9",
  beige: "#dcc9a6",
  off_white: "#f7f2e8",
  grey: "#8a8a8a",
  charcoal: "#3a3a3c",
  blush: "#efc3c0",
  crimson: "#a3152b",
  plum: "#6a2a55",
  lilac: "#c4a7d8",
  powder_pink: "#f3c9d3",
  powder_blue: "#b3cde6",
  emerald: "#1f7a4f",
  sage_green: "#9cae8c",
  sea_green: "#2e8b71",
  gray: "#8a8a8a",
  silver: "#c7c7c7",
  red: "#c0262d",
  maroon: "#7a1f2b",
  wine: "#6d1a36",
  burgundy: "#701c2e",
  pink: "#e88aa8",
  rani_pink: "#d0336f",
  magenta: "#b5246d",
  peach: "#f4b995",
  coral: "#ee7662",
  orange: "#e8772e",
  rust: "#b4532a",
  saffron: "#f19a2f",
  mustard: "#d6a32a",
  yellow: "#f2cd3c",
  gold: "#c9a24b",
  golden: "#c9a24b",
  green: "#2f7d4a",
  bottle_green: "#1f4d36",
  olive: "#6b6b2f",
  mint: "#9ed8bd",
  teal: "#197a7a",
  turquoise: "#2bb3b1",
  blue: "#2c5fb3",
  sky_blue: "#7fb8e6",
  navy: "#1f2d57",
  navy_blue: "#1f2d57",
  royal_blue: "#2a4bb0",
  indigo: "#3b3b8f",
  purple: "#6b3c8f",
  lavender: "#b9a5d9",
  violet: "#7a4bb0",
  brown: "#6e4a2f",
  tan: "#c19a6b",
  khaki: "#b9a77a",
  multicolor: "conic-gradient(#c0262d, #f2cd3c, #2f7d4a, #2c5fb3, #6b3c8f, #c0262d)",
  multicolour: "conic-gradient(#c0262d, #f2cd3c, #2f7d4a, #2c5fb3, #6b3c8f, #c0262d)",
};

/** The CSS background of a colour's swatch, or undefined when the name is not known. */
export function swatchFor(color: string): string | undefined {
  return SWATCHES[
    color
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_")
  ];
}
