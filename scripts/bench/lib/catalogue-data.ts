/**
 * A generated clothing catalogue for the benchmarks: deterministic (seeded PRNG), any size, with
 * realistic Indian clothing titles, descriptions, categories, colours, sizes with per-size stock,
 * colour images and prices from ₹299 to ₹7,999, so that search has real words to rank.
 * Pure data: lib/load-catalogue.ts writes it through the app's schema.
 */

export type Gender = "Men" | "Women" | "Unisex";

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Garment = {
  /** Singular noun used in titles. */
  noun: string;
  category: string;
  /** The broader second category. */
  family: "Ethnic Wear" | "Western Wear" | "Festive & Wedding" | "Essentials";
  genders: Gender[];
  sizes: "letters" | "waist" | "free";
  /** Price band in rupees. */
  price: [number, number];
  fabrics: string[];
  details: string[];
};

const GARMENTS: Garment[] = [
  {
    noun: "Kurta",
    category: "Kurtas",
    family: "Ethnic Wear",
    genders: ["Men", "Women"],
    sizes: "letters",
    price: [499, 2999],
    fabrics: ["Cotton", "Handloom Cotton", "Linen", "Khadi", "Silk Blend", "Chanderi", "Rayon"],
    details: ["Mandarin Collar", "Chikankari", "Block Print", "Pintuck", "Straight Cut", "A-Line"],
  },
  {
    noun: "Kurti",
    category: "Kurtis",
    family: "Ethnic Wear",
    genders: ["Women"],
    sizes: "letters",
    price: [349, 1799],
    fabrics: ["Cotton", "Rayon", "Georgette", "Crepe", "Mul Cotton"],
    details: ["Short", "Embroidered", "Printed", "Tiered", "Angrakha", "Flared"],
  },
  {
    noun: "Saree",
    category: "Sarees",
    family: "Ethnic Wear",
    genders: ["Women"],
    sizes: "free",
    price: [799, 7999],
    fabrics: ["Banarasi Silk", "Kanjeevaram Silk", "Chiffon", "Georgette", "Cotton", "Organza"],
    details: ["Zari Border", "Bandhani", "Ikat", "Paithani", "Handwoven", "Sequinned"],
  },
  {
    noun: "Lehenga Choli",
    category: "Lehengas",
    family: "Festive & Wedding",
    genders: ["Women"],
    sizes: "letters",
    price: [2499, 7999],
    fabrics: ["Velvet", "Raw Silk", "Net", "Georgette", "Art Silk"],
    details: ["Mirror Work", "Zardozi", "Gota Patti", "Bridal", "Flared", "Embroidered"],
  },
  {
    noun: "Anarkali Suit",
    category: "Anarkalis",
    family: "Festive & Wedding",
    genders: ["Women"],
    sizes: "letters",
    price: [1299, 5999],
    fabrics: ["Georgette", "Silk Blend", "Chanderi", "Cotton"],
    details: ["Floor Length", "Embroidered Yoke", "Printed", "Gota Work", "Layered"],
  },
  {
    noun: "Salwar Suit",
    category: "Salwar Suits",
    family: "Ethnic Wear",
    genders: ["Women"],
    sizes: "letters",
    price: [899, 3999],
    fabrics: ["Cotton", "Lawn Cotton", "Crepe", "Silk Blend", "Chanderi"],
    details: ["Patiala", "Straight", "Phulkari", "Printed", "Embroidered"],
  },
  {
    noun: "Dupatta",
    category: "Dupattas",
    family: "Ethnic Wear",
    genders: ["Women"],
    sizes: "free",
    price: [299, 1999],
    fabrics: ["Chiffon", "Silk", "Cotton", "Net", "Organza"],
    details: ["Phulkari", "Bandhani", "Tassel", "Zari", "Leheriya"],
  },
  {
    noun: "Sherwani",
    category: "Sherwanis",
    family: "Festive & Wedding",
    genders: ["Men"],
    sizes: "letters",
    price: [3999, 7999],
    fabrics: ["Jacquard", "Raw Silk", "Velvet", "Brocade"],
    details: ["Embroidered", "Wedding", "Achkan Style", "Zardozi", "Classic"],
  },
  {
    noun: "Nehru Jacket",
    category: "Ethnic Jackets",
    family: "Ethnic Wear",
    genders: ["Men"],
    sizes: "letters",
    price: [999, 3499],
    fabrics: ["Linen", "Khadi", "Jute Silk", "Brocade", "Cotton"],
    details: ["Bandhgala", "Textured", "Printed", "Slim Fit", "Classic"],
  },
  {
    noun: "Kurta Pyjama Set",
    category: "Kurta Sets",
    family: "Festive & Wedding",
    genders: ["Men"],
    sizes: "letters",
    price: [1199, 4499],
    fabrics: ["Cotton", "Silk Blend", "Linen", "Art Silk"],
    details: ["Festive", "Embroidered", "Solid", "Self Design", "Mirror Work"],
  },
  {
    noun: "Shirt",
    category: "Shirts",
    family: "Western Wear",
    genders: ["Men", "Women", "Unisex"],
    sizes: "letters",
    price: [599, 2499],
    fabrics: ["Cotton", "Linen", "Oxford Cotton", "Denim", "Poplin"],
    details: ["Slim Fit", "Striped", "Checked", "Band Collar", "Relaxed Fit", "Printed"],
  },
  {
    noun: "T-Shirt",
    category: "T-Shirts",
    family: "Essentials",
    genders: ["Men", "Women", "Unisex"],
    sizes: "letters",
    price: [299, 999],
    fabrics: ["Cotton", "Organic Cotton", "Cotton Jersey", "Pique"],
    details: ["Crew Neck", "Graphic", "Polo", "Oversized", "V-Neck", "Henley"],
  },
  {
    noun: "Jeans",
    category: "Jeans",
    family: "Western Wear",
    genders: ["Men", "Women"],
    sizes: "waist",
    price: [899, 2999],
    fabrics: ["Denim", "Stretch Denim", "Raw Denim"],
    details: ["Slim Fit", "Straight Fit", "Tapered", "High Rise", "Distressed", "Bootcut"],
  },
  {
    noun: "Trousers",
    category: "Trousers",
    family: "Western Wear",
    genders: ["Men", "Women"],
    sizes: "waist",
    price: [799, 2799],
    fabrics: ["Linen", "Cotton Twill", "Chino", "Wool Blend"],
    details: ["Pleated", "Flat Front", "Wide Leg", "Tapered", "Relaxed"],
  },
  {
    noun: "Dress",
    category: "Dresses",
    family: "Western Wear",
    genders: ["Women"],
    sizes: "letters",
    price: [699, 3999],
    fabrics: ["Cotton", "Rayon", "Georgette", "Linen", "Crepe"],
    details: ["Maxi", "Midi", "Wrap", "Tiered", "Shirt", "Fit and Flare", "Party Wear"],
  },
  {
    noun: "Palazzo Pants",
    category: "Bottoms",
    family: "Ethnic Wear",
    genders: ["Women"],
    sizes: "letters",
    price: [399, 1299],
    fabrics: ["Rayon", "Cotton", "Crepe", "Georgette"],
    details: ["Flared", "Printed", "Solid", "Pleated"],
  },
  {
    noun: "Dhoti Pants",
    category: "Bottoms",
    family: "Ethnic Wear",
    genders: ["Men", "Women"],
    sizes: "letters",
    price: [499, 1499],
    fabrics: ["Cotton", "Silk Blend", "Linen"],
    details: ["Cowl", "Solid", "Festive", "Pleated"],
  },
  {
    noun: "Hoodie",
    category: "Winterwear",
    family: "Essentials",
    genders: ["Unisex", "Men", "Women"],
    sizes: "letters",
    price: [999, 2499],
    fabrics: ["Fleece", "Cotton Fleece", "French Terry"],
    details: ["Zip-Up", "Pullover", "Oversized", "Graphic"],
  },
  {
    noun: "Shawl",
    category: "Winterwear",
    family: "Ethnic Wear",
    genders: ["Women", "Men", "Unisex"],
    sizes: "free",
    price: [699, 4999],
    fabrics: ["Pashmina", "Wool", "Kashmiri Wool", "Acrylic Wool"],
    details: ["Kani", "Sozni Embroidered", "Paisley", "Jacquard", "Reversible"],
  },
  {
    noun: "Night Suit",
    category: "Nightwear",
    family: "Essentials",
    genders: ["Women", "Men"],
    sizes: "letters",
    price: [499, 1499],
    fabrics: ["Cotton", "Modal", "Satin"],
    details: ["Printed", "Button-Down", "Checked", "Pyjama"],
  },
  {
    noun: "Track Pants",
    category: "Activewear",
    family: "Essentials",
    genders: ["Men", "Women", "Unisex"],
    sizes: "letters",
    price: [499, 1799],
    fabrics: ["Polyester", "Dri-Fit", "Cotton Blend"],
    details: ["Jogger", "Slim", "Striped", "Quick-Dry"],
  },
];

export const BENCH_CATEGORIES = [
  ...new Set(GARMENTS.flatMap((g) => [g.category, g.family])),
].sort();

export const BENCH_COLOURS = [
  "Maroon",
  "Wine",
  "Crimson",
  "Rani Pink",
  "Magenta",
  "Peach",
  "Coral",
  "Rust",
  "Saffron",
  "Mustard",
  "Ivory",
  "Off White",
  "White",
  "Cream",
  "Beige",
  "Gold",
  "Olive",
  "Sage Green",
  "Mint",
  "Bottle Green",
  "Emerald",
  "Teal",
  "Sky Blue",
  "Royal Blue",
  "Indigo",
  "Navy",
  "Lavender",
  "Plum",
  "Black",
  "Charcoal",
  "Grey",
  "Mauve",
];

const STYLE_WORDS = [
  "Classic",
  "Festive",
  "Everyday",
  "Heritage",
  "Royal",
  "Summer",
  "Monsoon",
  "Jaipur",
  "Lucknowi",
  "Kolkata",
  "Mysore",
  "Banaras",
  "Rajasthani",
  "Coastal",
  "Minimal",
  "Boho",
];

const OCCASIONS = [
  "Diwali evenings",
  "weddings and sangeet nights",
  "the office",
  "weekend brunches",
  "Eid gatherings",
  "puja mornings",
  "college days",
  "travel",
  "Navratri garba",
  "festive dinners",
  "everyday wear",
  "haldi and mehendi functions",
];

const FEEL = [
  "breathable and soft against the skin",
  "light enough for Indian summers",
  "with a gentle drape that falls beautifully",
  "richly textured with a subtle sheen",
  "pre-washed for a relaxed, lived-in feel",
  "woven by artisan clusters and finished by hand",
  "cut for an easy, comfortable fit",
];

const CARE = [
  "Hand wash cold and dry in shade.",
  "Dry clean only.",
  "Machine wash gentle with similar colours.",
  "Gentle wash; iron on the reverse.",
];

const LETTER_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"];
const WAIST_SIZES = ["28", "30", "32", "34", "36", "38", "40"];

export type GeneratedProduct = {
  title: string;
  description: string;
  pricePaise: number;
  gender: Gender;
  colors: string[];
  /** Category names, first one first. */
  categories: string[];
  sizes: Array<{ size: string; stock: number }>;
  lowStockThreshold: number;
  /** Days before now the product was added. */
  ageDays: number;
  /** Number of additional (non-colour) images. */
  additionalImages: number;
};

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;

function pickSome<T>(random: () => number, list: readonly T[], count: number): T[] {
  const copy = [...list];
  const out: T[] = [];
  while (out.length < count && copy.length > 0) {
    out.push(copy.splice(Math.floor(random() * copy.length), 1)[0]!);
  }
  return out;
}

function sizesFor(random: () => number, garment: Garment): Array<{ size: string; stock: number }> {
  const stockOf = () => {
    const r = random();
    if (r < 0.12) return 0; // sold out
    if (r < 0.3) return 1 + Math.floor(random() * 4); // low
    return 5 + Math.floor(random() * 60);
  };
  if (garment.sizes === "free") return [{ size: "Free Size", stock: stockOf() }];
  const all = garment.sizes === "letters" ? LETTER_SIZES : WAIST_SIZES;
  const start = Math.floor(random() * 2);
  const count = 3 + Math.floor(random() * (all.length - start - 2));
  return all.slice(start, start + count).map((size) => ({ size, stock: stockOf() }));
}

/** The i-th product of the generated catalogue (the same for the same seed and index). */
export function generateProduct(i: number, seed = 2026): GeneratedProduct {
  const random = prng(seed * 1_000_003 + i);
  const garment = pick(random, GARMENTS);
  const gender = pick(random, garment.genders);
  const fabric = pick(random, garment.fabrics);
  const detail = pick(random, garment.details);
  const style = pick(random, STYLE_WORDS);
  const colors = pickSome(random, BENCH_COLOURS, 1 + Math.floor(random() * 3));
  const who = gender === "Men" ? "Men's " : gender === "Women" ? "Women's " : "";
  const title =
    random() < 0.5
      ? `${who}${style} ${fabric} ${detail} ${garment.noun}`
      : `${detail} ${fabric} ${garment.noun} in ${colors[0]}`;
  const description = [
    `A ${detail.toLowerCase()} ${garment.noun.toLowerCase()} in ${fabric.toLowerCase()}, ${pick(random, FEEL)}.`,
    `Made for ${pick(random, OCCASIONS)}; pair it with ${pick(random, ["juttis", "kolhapuris", "loafers", "sneakers", "jhumkas", "a potli bag", "a silk dupatta", "a Nehru jacket"])}.`,
    `Available in ${colors.join(", ")}.`,
    pick(random, CARE),
  ].join(" ");
  const [low, high] = garment.price;
  const rupees = Math.round((low + random() * (high - low)) / 50) * 50 - 1;
  return {
    title,
    description,
    pricePaise: Math.min(7999, Math.max(299, rupees)) * 100,
    gender,
    colors,
    categories: random() < 0.6 ? [garment.category, garment.family] : [garment.category],
    sizes: sizesFor(random, garment),
    lowStockThreshold: pick(random, [5, 10, 10, 10, 15]),
    ageDays: random() * 730,
    additionalImages: Math.floor(random() * 3),
  };
}

/** Searches a shopper might type, including typos and spelling variants. */
export const SEARCH_QUERIES = [
  "kurta",
  "kurtta",
  "silk saree",
  "banarasi sari",
  "cotton shirt",
  "blue jeans",
  "lehenga",
  "lehnga choli",
  "chikankari kurta",
  "linen trousers men",
  "party wear dress",
  "sherwani wedding",
  "nehru jacket",
  "maroon",
  "pashmina shawl",
  "oversized hoodie",
];
