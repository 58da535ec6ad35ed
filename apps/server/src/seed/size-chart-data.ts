/**
 * The demo store's size charts (record 0046): garment measurements in cm per category, and a
 * men's chart set on each men's product of a category whose chart is the women's (Kurtas, Kurta
 * Sets), so every sized product shows a chart that matches its sizes.
 */
import type { SizeChart } from "@vastra/contracts";
import type { CategoryName } from "./catalogue-data.ts";

const women = (columns: string[], base: number[], step: number[]): SizeChart => ({
  columns,
  rows: ["XS", "S", "M", "L", "XL"].map((size, i) => ({
    size,
    values: base.map((v, c) => Math.round((v + step[c]! * i) * 10) / 10),
  })),
});

const men = (columns: string[], base: number[], step: number[]): SizeChart => ({
  columns,
  rows: ["S", "M", "L", "XL", "XXL"].map((size, i) => ({
    size,
    values: base.map((v, c) => Math.round((v + step[c]! * i) * 10) / 10),
  })),
});

/** Women's kurtas, anarkalis and dresses: body bust, waist, hip and the garment's length. */
const WOMEN_KURTA = women(["Bust", "Waist", "Hip", "Length"], [81, 66, 89, 112], [5, 5, 5, 1]);
const WOMEN_DRESS = women(["Bust", "Waist", "Hip", "Length"], [81, 66, 89, 122], [5, 5, 5, 1]);
const ANARKALI = women(["Bust", "Waist", "Hip", "Length"], [81, 66, 89, 132], [5, 5, 5, 1]);
/** Men's kurtas, shirts, jackets and sherwanis: chest, waist, shoulder, length, sleeve. */
export const MEN_KURTA = men(
  ["Chest", "Waist", "Shoulder", "Length", "Sleeve"],
  [97, 82, 43, 102, 60],
  [5, 5, 1.5, 1.5, 1],
);
const MEN_SHIRT = men(
  ["Chest", "Waist", "Shoulder", "Length", "Sleeve"],
  [97, 82, 43, 72, 61],
  [5, 5, 1.5, 1.5, 1],
);
const JACKET = men(["Chest", "Waist", "Shoulder", "Length"], [97, 82, 43, 66], [5, 5, 1.5, 1.5]);
const SHERWANI = men(
  ["Chest", "Waist", "Shoulder", "Length", "Sleeve"],
  [97, 82, 43, 107, 62],
  [5, 5, 1.5, 1.5, 1],
);
const LEHENGA: SizeChart = {
  columns: ["Bust", "Waist", "Hip", "Skirt length"],
  rows: ["S", "M", "L", "XL"].map((size, i) => ({
    size,
    values: [86 + 5 * i, 71 + 5 * i, 94 + 5 * i, 104],
  })),
};

export const CATEGORY_SIZE_CHARTS: Partial<Record<CategoryName, SizeChart>> = {
  // A saree is one length of cloth; what is fitted is its blouse.
  Sarees: {
    columns: ["Blouse bust (up to)", "Blouse piece length"],
    rows: [{ size: "Free Size", values: [102, 80] }],
  },
  Lehengas: LEHENGA,
  Anarkalis: ANARKALI,
  Kurtas: WOMEN_KURTA,
  "Kurta Sets": WOMEN_KURTA,
  Dresses: WOMEN_DRESS,
  Shirts: MEN_SHIRT,
  "Ethnic Jackets": JACKET,
  Sherwanis: SHERWANI,
  "Dupattas & Stoles": {
    columns: ["Length", "Width"],
    rows: [{ size: "Free Size", values: [225, 100] }],
  },
};

/** Categories whose chart is the women's: their men's products carry the men's chart. */
export const MEN_OVERRIDE_CATEGORIES: readonly CategoryName[] = ["Kurtas", "Kurta Sets"];
