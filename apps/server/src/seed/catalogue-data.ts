/**
 * The demo catalogue, written out by hand so every fresh store looks the same: categories, colours,
 * 68 products (titles, descriptions, prices in rupees, sizes, stock profile, how each is drawn),
 * the advertisements and the demo shoppers. demo.ts turns this into rows and pictures.
 */
import type { Gender } from "@vastra/contracts";
import type { GarmentKind } from "./garments.ts";
import type { Motif } from "./motifs.ts";

export const CATEGORIES = [
  "Sarees",
  "Lehengas",
  "Anarkalis",
  "Kurtas",
  "Kurta Sets",
  "Dresses",
  "Shirts",
  "Ethnic Jackets",
  "Sherwanis",
  "Dupattas & Stoles",
  "Wedding & Festive",
] as const;
export type CategoryName = (typeof CATEGORIES)[number];

/** Colour names as shoppers see them, with the shade the artwork uses. */
export const COLOURS = {
  Maroon: "#7a1f2b",
  Wine: "#5e1a2e",
  Crimson: "#b3123f",
  "Rani Pink": "#c2185b",
  Magenta: "#a0235e",
  "Powder Pink": "#e8b4bc",
  Blush: "#e9c3bd",
  Peach: "#f0b89a",
  Coral: "#e0705a",
  Rust: "#b4532a",
  Saffron: "#e8892b",
  Mustard: "#d9a22f",
  Ivory: "#f1e8d4",
  "Off White": "#efe9dc",
  White: "#f7f5f0",
  Cream: "#efe2c2",
  Beige: "#d8c3a0",
  Gold: "#c9a04a",
  Olive: "#6b6b32",
  "Sage Green": "#8fa58a",
  Mint: "#a8d5ba",
  "Bottle Green": "#1f4d3a",
  Emerald: "#0f6b4f",
  "Sea Green": "#2e8b74",
  Teal: "#1f6b6b",
  Turquoise: "#2aa5a0",
  "Sky Blue": "#8dbbe0",
  "Powder Blue": "#b9cfe4",
  "Royal Blue": "#2a4fa0",
  Indigo: "#2e3a74",
  Navy: "#1f2a44",
  Lavender: "#b7a6d6",
  Lilac: "#c8a2c8",
  Plum: "#5d2a4f",
  Charcoal: "#36393f",
  Black: "#1d1d1f",
  Grey: "#8c8f93",
} as const;
export type ColourName = keyof typeof COLOURS;

export const SIZES = {
  free: ["Free Size"],
  women: ["XS", "S", "M", "L", "XL"],
  men: ["S", "M", "L", "XL", "XXL"],
  lehenga: ["S", "M", "L", "XL"],
} as const;

/**
 * How a product's sizes are stocked: most are well stocked; `few` has a size or two nearly gone;
 * `one-out` has one size sold out; `low` is low in total (at or under its threshold); `sold-out`
 * has nothing left.
 */
export type StockProfile = "well" | "few" | "one-out" | "low" | "sold-out";

export type ProductSeed = {
  title: string;
  description: string;
  /** Rupees. */
  price: number;
  gender: Gender;
  categories: CategoryName[];
  sizes: keyof typeof SIZES;
  colours: ColourName[];
  stock?: StockProfile;
  lowStockThreshold?: number;
  /** The artwork: what is drawn, with which motif. */
  art: {
    kind: GarmentKind;
    motif: Motif;
    borders?: boolean;
    silver?: boolean;
    /** The second fabric (pants, blouse, choli and dupatta). */
    second?: ColourName;
  };
  /** Close-ups added as additional images. */
  details?: Array<"top" | "hem">;
  hero?: string;
  /** Days since it was added to the store. */
  age: number;
};

export const PRODUCTS: ProductSeed[] = [
  // ------------------------------------------------------------ sarees
  {
    title: "Banarasi Silk Saree with Zari Border",
    description:
      "A pure katan silk saree handwoven in Varanasi, scattered with gold zari butis and finished with a rich zari border and pallu. It comes with an unstitched blouse piece in a matching shade. Dry clean only.",
    price: 6499,
    gender: "Women",
    categories: ["Sarees", "Wedding & Festive"],
    sizes: "free",
    colours: ["Maroon", "Royal Blue", "Emerald"],
    art: { kind: "saree", motif: "buti", borders: true },
    details: ["top", "hem"],
    hero: "Handwoven in Varanasi, made for the big day",
    age: 40,
  },
  {
    title: "Kanjeevaram Silk Saree with Temple Border",
    description:
      "Pure mulberry silk from Kanchipuram with a contrast temple border and a heavy zari pallu. The gold jaal body catches the light beautifully at weddings and pujas. Includes a blouse piece.",
    price: 7999,
    gender: "Women",
    categories: ["Sarees", "Wedding & Festive"],
    sizes: "free",
    colours: ["Magenta", "Mustard"],
    stock: "few",
    art: { kind: "saree", motif: "zari", borders: true },
    details: ["hem"],
    age: 95,
  },
  {
    title: "Chanderi Cotton-Silk Saree",
    description:
      "Featherlight Chanderi cotton-silk with delicate woven butis and a slim zari border. Sheer, breathable and easy to drape, it moves effortlessly from office lunches to evening functions.",
    price: 2999,
    gender: "Women",
    categories: ["Sarees"],
    sizes: "free",
    colours: ["Peach", "Mint", "Powder Blue"],
    art: { kind: "saree", motif: "buti", borders: true },
    age: 22,
  },
  {
    title: "Bandhani Georgette Saree",
    description:
      "Hand-tied bandhani dots from Kutch on fluid georgette, edged with a gota border. Light enough for a long day of celebrations and it packs without a crease.",
    price: 2499,
    gender: "Women",
    categories: ["Sarees", "Wedding & Festive"],
    sizes: "free",
    colours: ["Rani Pink", "Saffron"],
    art: { kind: "saree", motif: "bandhani", borders: true },
    age: 61,
  },
  {
    title: "Leheriya Chiffon Saree",
    description:
      "Rajasthani leheriya waves dyed by hand on soft chiffon, with a thin zari edge. A cheerful choice for Teej, haldi mornings and summer weddings.",
    price: 1899,
    gender: "Women",
    categories: ["Sarees"],
    sizes: "free",
    colours: ["Sea Green", "Coral"],
    stock: "one-out",
    art: { kind: "saree", motif: "leheriya", borders: true },
    age: 130,
  },
  {
    title: "Kalamkari Print Cotton Saree",
    description:
      "Mulmul cotton block-printed with Kalamkari-inspired florals in natural dyes. Soft, breathable and made for everyday grace; the colours deepen beautifully with each wash.",
    price: 1499,
    gender: "Women",
    categories: ["Sarees"],
    sizes: "free",
    colours: ["Rust", "Indigo"],
    art: { kind: "saree", motif: "block", borders: true },
    age: 75,
  },
  {
    title: "Pochampally Ikat Handloom Saree",
    description:
      "Woven on pit looms in Telangana, this cotton saree carries crisp double-ikat diamonds in the body and a plain contrast border. Each piece shows the small irregularities of the hand.",
    price: 2299,
    gender: "Women",
    categories: ["Sarees"],
    sizes: "free",
    colours: ["Indigo", "Maroon"],
    art: { kind: "saree", motif: "ikat", borders: true },
    details: ["top"],
    age: 110,
  },
  {
    title: "Linen Saree with Silver Zari Border",
    description:
      "Pure linen with a soft slub texture and a shimmering silver zari border. Minimal and elegant, it drapes crisply and keeps you cool through Indian summers.",
    price: 3499,
    gender: "Women",
    categories: ["Sarees"],
    sizes: "free",
    colours: ["Sage Green", "Lavender", "Off White"],
    art: { kind: "saree", motif: "khadi", borders: true, silver: true },
    age: 14,
  },
  {
    title: "Floral Print Organza Saree",
    description:
      "Sheer organza printed with watercolour florals and finished with a scalloped edge. A soft, romantic drape for day weddings, engagements and festive brunches.",
    price: 2799,
    gender: "Women",
    categories: ["Sarees", "Wedding & Festive"],
    sizes: "free",
    colours: ["Blush", "Lilac"],
    art: { kind: "saree", motif: "floral", borders: true },
    age: 8,
  },
  {
    title: "Paithani Silk Saree with Peacock Pallu",
    description:
      "A Yeola Paithani in pure silk, with paisley motifs woven through the body and a traditional peacock pallu in gold zari. An heirloom piece that is woven to order.",
    price: 7499,
    gender: "Women",
    categories: ["Sarees", "Wedding & Festive"],
    sizes: "free",
    colours: ["Plum", "Emerald"],
    stock: "sold-out",
    art: { kind: "saree", motif: "paisley", borders: true },
    age: 150,
  },

  // ------------------------------------------------------------ lehengas
  {
    title: "Bridal Zari Embroidered Lehenga Set",
    description:
      "A raw silk lehenga with all-over zari jaal, a wide embroidered hem and can-can for volume. Comes with a padded blouse and a sheer net dupatta with a scalloped border.",
    price: 7999,
    gender: "Women",
    categories: ["Lehengas", "Wedding & Festive"],
    sizes: "lehenga",
    colours: ["Crimson", "Wine"],
    art: { kind: "lehenga", motif: "zari", borders: true, second: "Peach" },
    details: ["top", "hem"],
    hero: "Zari, sequins and a twirl worth waiting for",
    age: 35,
  },
  {
    title: "Mirror Work Navratri Lehenga",
    description:
      "A cotton lehenga with bandhani prints and hand-set mirror work, made for garba nights. The flared skirt swirls beautifully, and the cotton keeps you cool on the dance floor.",
    price: 4499,
    gender: "Women",
    categories: ["Lehengas", "Wedding & Festive"],
    sizes: "lehenga",
    colours: ["Saffron", "Rani Pink"],
    art: { kind: "lehenga", motif: "bandhani", borders: true, second: "Teal" },
    age: 55,
  },
  {
    title: "Pastel Floral Organza Lehenga",
    description:
      "Printed organza in soft pastels with a sequinned waistband and a light lining. A graceful pick for mehendi, sangeet or a friend's day wedding.",
    price: 5499,
    gender: "Women",
    categories: ["Lehengas", "Wedding & Festive"],
    sizes: "lehenga",
    colours: ["Powder Pink", "Mint"],
    art: { kind: "lehenga", motif: "floral", borders: true, second: "Ivory" },
    age: 12,
  },
  {
    title: "Banarasi Brocade Lehenga",
    description:
      "Banarasi brocade woven with gold butis and a broad zari hem, paired with a contrast blouse and a tissue dupatta. Regal, rich and ready for the reception.",
    price: 6999,
    gender: "Women",
    categories: ["Lehengas", "Wedding & Festive"],
    sizes: "lehenga",
    colours: ["Emerald", "Royal Blue"],
    stock: "low",
    art: { kind: "lehenga", motif: "buti", borders: true, second: "Cream" },
    age: 88,
  },
  {
    title: "Chikankari Georgette Lehenga",
    description:
      "Lucknowi chikankari worked by hand on flowing georgette, with a delicate pearl-edged dupatta. Understated, elegant and lovely for day functions.",
    price: 5999,
    gender: "Women",
    categories: ["Lehengas"],
    sizes: "lehenga",
    colours: ["Lavender", "Powder Blue"],
    stock: "one-out",
    art: { kind: "lehenga", motif: "chikan", borders: true, second: "Ivory" },
    age: 120,
  },

  // ------------------------------------------------------------ anarkalis
  {
    title: "Chikankari Georgette Anarkali",
    description:
      "A floor-length georgette Anarkali with hand chikankari on the yoke and all over the flare, finished with a gold gota hem. Comes with a matching churidar and a chiffon dupatta.",
    price: 3999,
    gender: "Women",
    categories: ["Anarkalis", "Wedding & Festive"],
    sizes: "women",
    colours: ["Powder Blue", "Mint", "Peach"],
    art: { kind: "anarkali", motif: "chikan", borders: true },
    details: ["top", "hem"],
    hero: "Lucknowi hand embroidery, light as air",
    age: 18,
  },
  {
    title: "Gota Patti Anarkali Suit",
    description:
      "A flared chanderi Anarkali with gota patti work along the neckline and hem, paired with a churidar and a shaded dupatta. Festive without feeling heavy.",
    price: 4999,
    gender: "Women",
    categories: ["Anarkalis", "Wedding & Festive"],
    sizes: "women",
    colours: ["Rani Pink", "Mustard"],
    art: { kind: "anarkali", motif: "zari", borders: true },
    age: 47,
  },
  {
    title: "Floral Printed Cotton Anarkali",
    description:
      "A breezy cotton Anarkali kurta with an all-over floral print and a flattering flare. Easy to wear from morning pujas to evening get-togethers.",
    price: 1799,
    gender: "Women",
    categories: ["Anarkalis"],
    sizes: "women",
    colours: ["Indigo", "Coral"],
    art: { kind: "anarkali", motif: "floral" },
    age: 30,
  },
  {
    title: "Velvet Anarkali with Zardozi Yoke",
    description:
      "Plush micro-velvet with a hand-worked zardozi yoke and cuffs, for winter weddings and evening receptions. Fully lined for a smooth fall.",
    price: 5999,
    gender: "Women",
    categories: ["Anarkalis", "Wedding & Festive"],
    sizes: "women",
    colours: ["Wine", "Bottle Green", "Navy"],
    stock: "low",
    lowStockThreshold: 8,
    art: { kind: "anarkali", motif: "plain", borders: true },
    age: 140,
  },
  {
    title: "Bandhani Silk Anarkali",
    description:
      "Art silk Anarkali with fine bandhani dots and a zari waistband. The flare is cut from twenty-four kalis for a full, graceful swirl.",
    price: 3299,
    gender: "Women",
    categories: ["Anarkalis"],
    sizes: "women",
    colours: ["Maroon"],
    stock: "few",
    art: { kind: "anarkali", motif: "bandhani", borders: true },
    age: 66,
  },

  // ------------------------------------------------------------ women's kurtas
  {
    title: "Chanderi Silk Straight Kurta",
    description:
      "A straight-cut Chanderi silk kurta with woven gold butis and a zari-trimmed neckline. Pair it with white palazzos for work or a silk dupatta for festivities.",
    price: 1899,
    gender: "Women",
    categories: ["Kurtas"],
    sizes: "women",
    colours: ["Mint", "Peach", "Ivory"],
    stock: "one-out",
    art: { kind: "kurta", motif: "buti", borders: true },
    details: ["top"],
    age: 6,
  },
  {
    title: "Hand-block Printed Cotton Kurta",
    description:
      "Printed by hand in Bagru with wooden blocks and natural dyes, this cotton kurta is soft, breathable and made for everyday wear. Side slits and three-quarter sleeves.",
    price: 999,
    gender: "Women",
    categories: ["Kurtas"],
    sizes: "women",
    colours: ["Indigo", "Rust", "Mustard"],
    art: { kind: "kurta", motif: "block" },
    age: 4,
  },
  {
    title: "Chikankari Cotton Kurta",
    description:
      "Fine mulmul cotton with Lucknowi chikankari worked by hand around the yoke and scattered across the body. A summer essential that looks as good with jeans as with churidars.",
    price: 1499,
    gender: "Women",
    categories: ["Kurtas"],
    sizes: "women",
    colours: ["Sky Blue", "Lavender"],
    art: { kind: "kurta", motif: "chikan", borders: true },
    age: 26,
  },
  {
    title: "Ikat Cotton A-line Kurta",
    description:
      "Handloom ikat cotton cut in an easy A-line with a round neck and side pockets. Comfortable, fuss-free and lovely for long workdays.",
    price: 1199,
    gender: "Women",
    categories: ["Kurtas"],
    sizes: "women",
    colours: ["Maroon", "Teal"],
    stock: "few",
    art: { kind: "kurta", motif: "ikat" },
    age: 52,
  },
  {
    title: "Khadi Cotton Everyday Kurta",
    description:
      "Hand-spun, handwoven khadi that gets softer with every wash. A relaxed straight kurta with a subtle slub texture, in earthy shades that go with everything.",
    price: 799,
    gender: "Women",
    categories: ["Kurtas"],
    sizes: "women",
    colours: ["Olive", "Beige", "Charcoal"],
    art: { kind: "kurta", motif: "khadi" },
    age: 99,
  },
  {
    title: "Bandhani Print Rayon Kurta",
    description:
      "A fluid rayon kurta printed with bandhani dots, with a round neck and three-quarter sleeves. Bright, easy and a steal for everyday festive dressing.",
    price: 699,
    gender: "Women",
    categories: ["Kurtas"],
    sizes: "women",
    colours: ["Rani Pink", "Sea Green"],
    art: { kind: "kurta", motif: "bandhani" },
    age: 10,
  },

  // ------------------------------------------------------------ women's kurta sets
  {
    title: "Hand-block Printed Cotton Kurta Set",
    description:
      "A Jaipur block-printed cotton kurta with matching ivory palazzos, both finished with hand-stitched detailing. Breathable and easy to care for, it is the set you will reach for all summer.",
    price: 2299,
    gender: "Women",
    categories: ["Kurta Sets"],
    sizes: "women",
    colours: ["Coral", "Indigo"],
    art: { kind: "kurta-set", motif: "block", second: "Ivory" },
    details: ["top"],
    age: 3,
  },
  {
    title: "Chanderi Kurta Set with Dupatta",
    description:
      "A Chanderi kurta with woven butis and a zari neckline, paired with straight pants and a sheer dupatta. Festive-ready without trying too hard.",
    price: 3499,
    gender: "Women",
    categories: ["Kurta Sets", "Wedding & Festive"],
    sizes: "women",
    colours: ["Powder Pink", "Sage Green"],
    art: { kind: "kurta-set", motif: "buti", borders: true },
    age: 20,
  },
  {
    title: "Leheriya Cotton Kurta Palazzo Set",
    description:
      "Rajasthani leheriya on soft cotton, paired with flowing ivory palazzos. Light and joyful, perfect for Teej, haldi and summer holidays.",
    price: 1999,
    gender: "Women",
    categories: ["Kurta Sets"],
    sizes: "women",
    colours: ["Saffron", "Turquoise"],
    stock: "one-out",
    art: { kind: "kurta-set", motif: "leheriya", second: "Ivory" },
    age: 44,
  },
  {
    title: "Silk Blend Festive Kurta Set",
    description:
      "A silk-blend kurta with zari jaal and embroidered borders, paired with matching pants and an organza dupatta. Made for Diwali evenings and family weddings.",
    price: 4299,
    gender: "Women",
    categories: ["Kurta Sets", "Wedding & Festive"],
    sizes: "women",
    colours: ["Wine", "Emerald"],
    art: { kind: "kurta-set", motif: "zari", borders: true },
    age: 70,
  },
  {
    title: "Floral Print Rayon Kurta Set",
    description:
      "A softly flared rayon kurta in a fresh floral print with coordinated palazzos. Easy to wear, easy to wash and perfect for work or weekend plans.",
    price: 1499,
    gender: "Women",
    categories: ["Kurta Sets"],
    sizes: "women",
    colours: ["Mint", "Lilac"],
    art: { kind: "kurta-set", motif: "floral", second: "Off White" },
    age: 16,
  },
  {
    title: "Mul Cotton Kurta Pant Set",
    description:
      "Pinstriped mul cotton in a relaxed kurta and pant set. Featherlight and breathable, it is the easiest outfit for humid days.",
    price: 1299,
    gender: "Women",
    categories: ["Kurta Sets"],
    sizes: "women",
    colours: ["Sky Blue", "Peach"],
    stock: "few",
    art: { kind: "kurta-set", motif: "pinstripe", second: "White" },
    age: 80,
  },

  // ------------------------------------------------------------ dresses
  {
    title: "Floral Cotton Midi Dress",
    description:
      "A cotton midi dress in a hand-drawn floral print, with flutter sleeves and a tie waist. Lined at the bodice and made for sunny days out.",
    price: 1799,
    gender: "Women",
    categories: ["Dresses"],
    sizes: "women",
    colours: ["Sage Green", "Navy"],
    art: { kind: "dress", motif: "floral" },
    details: ["top"],
    age: 2,
  },
  {
    title: "Indigo Block Print Wrap Dress",
    description:
      "Dabu-printed indigo cotton in a flattering wrap silhouette with a self-tie belt. Each print is made by hand in Rajasthan, so no two are exactly alike.",
    price: 2199,
    gender: "Women",
    categories: ["Dresses"],
    sizes: "women",
    colours: ["Indigo"],
    art: { kind: "dress", motif: "block" },
    age: 28,
  },
  {
    title: "Striped Linen Shirt Dress",
    description:
      "A relaxed linen dress with fine stripes, a tie belt and a V neck. Crisp enough for the office, easy enough for the weekend.",
    price: 2499,
    gender: "Women",
    categories: ["Dresses"],
    sizes: "women",
    colours: ["Beige", "Sky Blue"],
    art: { kind: "dress", motif: "pinstripe" },
    age: 64,
  },
  {
    title: "Ikat Fit and Flare Dress",
    description:
      "Handloom ikat cotton cut in a fit-and-flare shape with short sleeves. A modern take on a traditional weave, with pockets at the side seams.",
    price: 1599,
    gender: "Women",
    categories: ["Dresses"],
    sizes: "women",
    colours: ["Maroon", "Teal"],
    stock: "sold-out",
    art: { kind: "dress", motif: "ikat" },
    age: 125,
  },

  // ------------------------------------------------------------ dupattas and stoles
  {
    title: "Phulkari Embroidered Dupatta",
    description:
      "A Punjabi phulkari dupatta with bright floral thread work on soft cotton, finished with tassels. Lifts the simplest white kurta set instantly.",
    price: 1499,
    gender: "Women",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Saffron", "Rani Pink"],
    art: { kind: "dupatta", motif: "floral", borders: true },
    age: 33,
  },
  {
    title: "Banarasi Silk Dupatta",
    description:
      "A Banarasi silk dupatta with gold zari butis and a rich woven border. Drape it over a plain kurta set for an instant festive look.",
    price: 2499,
    gender: "Women",
    categories: ["Dupattas & Stoles", "Wedding & Festive"],
    sizes: "free",
    colours: ["Maroon", "Royal Blue"],
    stock: "low",
    art: { kind: "dupatta", motif: "buti", borders: true },
    details: ["hem"],
    age: 58,
  },
  {
    title: "Bandhani Cotton Dupatta",
    description:
      "Hand-tied bandhani on soft cotton with a narrow gota edge. Light, colourful and made to be worn every day.",
    price: 699,
    gender: "Women",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Rani Pink", "Saffron"],
    art: { kind: "dupatta", motif: "bandhani", borders: true },
    age: 24,
  },
  {
    title: "Chiffon Leheriya Dupatta",
    description:
      "Leheriya waves dyed by hand on light chiffon, with a thin zari lace. Adds colour and movement to any kurta.",
    price: 599,
    gender: "Women",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Sea Green"],
    art: { kind: "dupatta", motif: "leheriya", borders: true },
    age: 105,
  },
  {
    title: "Kashmiri Paisley Wool Stole",
    description:
      "A fine wool stole woven with Kashmiri paisleys and finished with a short fringe. Warm without bulk, for winter evenings and travel.",
    price: 1999,
    gender: "Unisex",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Beige", "Maroon", "Charcoal"],
    art: { kind: "dupatta", motif: "paisley" },
    details: ["top"],
    age: 45,
  },
  {
    title: "Handloom Cotton Stole",
    description:
      "Striped handloom cotton with a soft hand and knotted tassels. An easy layer over a kurta, a shirt or a plain tee.",
    price: 499,
    gender: "Unisex",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Indigo", "Off White"],
    art: { kind: "dupatta", motif: "stripes" },
    age: 72,
  },
  {
    title: "Block Print Cotton Scarf",
    description:
      "A small cotton scarf hand-block printed in Sanganer with natural dyes. Wear it around the neck, as a headscarf or tied to a bag.",
    price: 299,
    gender: "Unisex",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Rust"],
    art: { kind: "dupatta", motif: "block" },
    age: 9,
  },
  {
    title: "Khadi Checked Gamcha Stole",
    description:
      "The classic Bengal gamcha check, woven in soft khadi cotton as a generous stole. Absorbent, quick-drying and endlessly useful.",
    price: 349,
    gender: "Unisex",
    categories: ["Dupattas & Stoles"],
    sizes: "free",
    colours: ["Crimson", "Sky Blue"],
    art: { kind: "dupatta", motif: "checks" },
    age: 115,
  },

  // ------------------------------------------------------------ men's kurtas
  {
    title: "Silk Blend Festive Kurta",
    description:
      "A silk-blend kurta with woven gold butis, a mandarin collar and a concealed placket. Pair it with a churidar and juttis for weddings and pujas.",
    price: 1999,
    gender: "Men",
    categories: ["Kurtas", "Wedding & Festive"],
    sizes: "men",
    colours: ["Maroon", "Mustard", "Navy"],
    art: { kind: "kurta", motif: "buti" },
    details: ["top"],
    age: 27,
  },
  {
    title: "Lucknowi Chikankari Cotton Kurta",
    description:
      "Fine cotton with hand chikankari on the placket and scattered across the body. Cool, classic and just right for Eid, family functions and summer evenings.",
    price: 1799,
    gender: "Men",
    categories: ["Kurtas"],
    sizes: "men",
    colours: ["Sky Blue", "Mint", "Beige"],
    stock: "one-out",
    art: { kind: "kurta", motif: "chikan" },
    age: 37,
  },
  {
    title: "Linen Cotton Straight Kurta",
    description:
      "A linen-cotton blend kurta with a mandarin collar, side pockets and a soft washed finish. Relaxed enough for every day, smart enough for dinner.",
    price: 1299,
    gender: "Men",
    categories: ["Kurtas"],
    sizes: "men",
    colours: ["Olive", "Off White", "Charcoal"],
    art: { kind: "kurta", motif: "khadi" },
    age: 5,
  },
  {
    title: "Jaipur Block Print Cotton Kurta",
    description:
      "Hand-block printed in Jaipur on soft cotton, with a mandarin collar and wooden buttons. Breathable and easy, with prints that age beautifully.",
    price: 1099,
    gender: "Men",
    categories: ["Kurtas"],
    sizes: "men",
    colours: ["Indigo", "Rust"],
    art: { kind: "kurta", motif: "block" },
    age: 19,
  },
  {
    title: "Handwoven Khadi Kurta",
    description:
      "Hand-spun khadi with a natural slub, cut in a classic long kurta with side slits. It breathes in the heat and softens with every wash.",
    price: 899,
    gender: "Men",
    categories: ["Kurtas"],
    sizes: "men",
    colours: ["Beige", "Bottle Green"],
    stock: "few",
    art: { kind: "kurta", motif: "khadi" },
    age: 90,
  },
  {
    title: "Jacquard Silk Kurta",
    description:
      "A rich jacquard silk kurta with a subtle woven jaal and a zari-edged collar. Pairs well with an ivory churidar and a Nehru jacket for receptions.",
    price: 2499,
    gender: "Men",
    categories: ["Kurtas", "Wedding & Festive"],
    sizes: "men",
    colours: ["Ivory", "Wine"],
    art: { kind: "kurta", motif: "zari", borders: true },
    age: 50,
  },

  // ------------------------------------------------------------ men's kurta sets
  {
    title: "Silk Kurta Pyjama Set",
    description:
      "An art silk kurta with a mandarin collar and a matching ivory pyjama. A festive classic that is easy to wear and easy to care for.",
    price: 2999,
    gender: "Men",
    categories: ["Kurta Sets", "Wedding & Festive"],
    sizes: "men",
    colours: ["Mustard", "Maroon", "Navy"],
    art: { kind: "kurta-set", motif: "plain", second: "Ivory" },
    age: 42,
  },
  {
    title: "Cotton Kurta Pyjama Set",
    description:
      "A pinstriped cotton kurta with a straight pyjama, cut for comfort through long days. Perfect for pujas, Sunday lunches and lounging at home.",
    price: 1599,
    gender: "Men",
    categories: ["Kurta Sets"],
    sizes: "men",
    colours: ["Sky Blue", "Beige"],
    art: { kind: "kurta-set", motif: "pinstripe", second: "White" },
    age: 85,
  },
  {
    title: "Festive Jacquard Kurta Set",
    description:
      "A jacquard kurta with a woven jaal and zari-trimmed cuffs, with a matching cream churidar. Ready for sangeet nights and Diwali parties.",
    price: 3999,
    gender: "Men",
    categories: ["Kurta Sets", "Wedding & Festive"],
    sizes: "men",
    colours: ["Royal Blue", "Emerald"],
    stock: "one-out",
    art: { kind: "kurta-set", motif: "zari", borders: true, second: "Cream" },
    age: 32,
  },

  // ------------------------------------------------------------ shirts
  {
    title: "Pure Linen Casual Shirt",
    description:
      "A pure linen shirt with a soft collar and a relaxed fit, garment-washed for a lived-in feel. It stays cool through the longest summer days.",
    price: 1499,
    gender: "Men",
    categories: ["Shirts"],
    sizes: "men",
    colours: ["Sky Blue", "Olive", "White"],
    art: { kind: "shirt", motif: "khadi" },
    age: 7,
  },
  {
    title: "Block Print Cotton Shirt",
    description:
      "A hand-block printed cotton shirt with a spread collar and a curved hem. Smart with chinos, easy with shorts on a holiday.",
    price: 1199,
    gender: "Men",
    categories: ["Shirts"],
    sizes: "men",
    colours: ["Indigo", "Maroon"],
    art: { kind: "shirt", motif: "block" },
    details: ["top"],
    age: 60,
  },
  {
    title: "Khadi Cotton Shirt",
    description:
      "A handwoven khadi shirt with a natural slub texture and a regular fit. Breathable, honest and better with every wash.",
    price: 1099,
    gender: "Men",
    categories: ["Shirts"],
    sizes: "men",
    colours: ["Beige", "Charcoal"],
    art: { kind: "shirt", motif: "khadi" },
    age: 100,
  },
  {
    title: "Ikat Handloom Shirt",
    description:
      "Handloom ikat cotton in a boxy, easy fit with a classic collar. A quiet statement for weekends and travel.",
    price: 1399,
    gender: "Unisex",
    categories: ["Shirts"],
    sizes: "men",
    colours: ["Indigo", "Rust"],
    stock: "few",
    art: { kind: "shirt", motif: "ikat" },
    age: 38,
  },
  {
    title: "Madras Check Cotton Shirt",
    description:
      "Bright Madras checks woven in soft cotton, in a relaxed unisex fit. Wear it buttoned up or open over a tee.",
    price: 999,
    gender: "Unisex",
    categories: ["Shirts"],
    sizes: "men",
    colours: ["Navy", "Crimson"],
    art: { kind: "shirt", motif: "checks" },
    age: 68,
  },
  {
    title: "Oxford Pinstripe Shirt",
    description:
      "A crisp cotton Oxford shirt with fine pinstripes and a button-down collar. A dependable office staple.",
    price: 899,
    gender: "Men",
    categories: ["Shirts"],
    sizes: "men",
    colours: ["Powder Blue", "Grey"],
    stock: "sold-out",
    art: { kind: "shirt", motif: "pinstripe" },
    age: 160,
  },

  // ------------------------------------------------------------ ethnic jackets
  {
    title: "Bandhgala Nehru Jacket",
    description:
      "A sleeveless Nehru jacket in a fine cotton-silk, with a bandhgala collar, welt pockets and horn-style buttons. Throw it over any kurta to dress it up.",
    price: 2499,
    gender: "Men",
    categories: ["Ethnic Jackets", "Wedding & Festive"],
    sizes: "men",
    colours: ["Navy", "Black", "Maroon"],
    art: { kind: "nehru-jacket", motif: "plain" },
    details: ["top"],
    age: 25,
  },
  {
    title: "Brocade Nehru Jacket",
    description:
      "A woven brocade Nehru jacket with a gold jaal and a satin lining. The easiest way to look festive over a plain silk kurta.",
    price: 3299,
    gender: "Men",
    categories: ["Ethnic Jackets", "Wedding & Festive"],
    sizes: "men",
    colours: ["Gold", "Wine"],
    stock: "low",
    art: { kind: "nehru-jacket", motif: "zari" },
    age: 78,
  },
  {
    title: "Khadi Nehru Jacket",
    description:
      "A handwoven khadi Nehru jacket in a relaxed cut that works for everyone. Layer it over a kurta or a shirt for an easy, polished look.",
    price: 1799,
    gender: "Unisex",
    categories: ["Ethnic Jackets"],
    sizes: "men",
    colours: ["Olive", "Beige", "Charcoal"],
    art: { kind: "nehru-jacket", motif: "khadi" },
    age: 15,
  },
  {
    title: "Printed Cotton Nehru Jacket",
    description:
      "A hand-block printed cotton Nehru jacket with a mandarin collar and fabric-covered buttons. Playful enough for a mehendi, smart enough for a dinner.",
    price: 1499,
    gender: "Men",
    categories: ["Ethnic Jackets"],
    sizes: "men",
    colours: ["Indigo"],
    art: { kind: "nehru-jacket", motif: "block" },
    age: 48,
  },
  {
    title: "Jodhpuri Bandhgala Jacket",
    description:
      "A tailored Jodhpuri bandhgala in a fine suiting fabric, with a stand collar and metal buttons. Pair it with matching trousers for a sharp evening look.",
    price: 5499,
    gender: "Men",
    categories: ["Ethnic Jackets", "Wedding & Festive"],
    sizes: "men",
    colours: ["Navy", "Black"],
    art: { kind: "bandhgala", motif: "plain", silver: true },
    age: 56,
  },
  {
    title: "Brocade Bandhgala Jacket",
    description:
      "A woven brocade bandhgala with zari-edged cuffs and collar, fully lined. Made for receptions and winter weddings.",
    price: 4999,
    gender: "Men",
    categories: ["Ethnic Jackets", "Wedding & Festive"],
    sizes: "men",
    colours: ["Wine", "Bottle Green"],
    stock: "one-out",
    art: { kind: "bandhgala", motif: "zari", borders: true },
    age: 102,
  },

  // ------------------------------------------------------------ sherwanis
  {
    title: "Ivory Silk Sherwani with Zari Embroidery",
    description:
      "A raw silk sherwani with zari jaal embroidery, an embroidered placket and cuffs, and a matching churidar. Timeless, regal and tailored for the groom.",
    price: 7499,
    gender: "Men",
    categories: ["Sherwanis", "Wedding & Festive"],
    sizes: "men",
    colours: ["Ivory", "Cream"],
    art: { kind: "sherwani", motif: "zari", borders: true },
    details: ["top", "hem"],
    hero: "For the groom who keeps it classic",
    age: 29,
  },
  {
    title: "Embroidered Velvet Sherwani",
    description:
      "Rich velvet with zardozi embroidery at the collar, placket and hem, and a soft satin lining. A statement for winter weddings and receptions.",
    price: 7999,
    gender: "Men",
    categories: ["Sherwanis", "Wedding & Festive"],
    sizes: "men",
    colours: ["Maroon", "Navy"],
    stock: "low",
    art: { kind: "sherwani", motif: "plain", borders: true },
    age: 135,
  },
  {
    title: "Jacquard Sherwani Set",
    description:
      "A jacquard silk sherwani with a woven buti pattern, a mandarin collar and a matching churidar. Comfortable enough to dance through the baraat.",
    price: 6499,
    gender: "Men",
    categories: ["Sherwanis", "Wedding & Festive"],
    sizes: "men",
    colours: ["Gold", "Royal Blue"],
    art: { kind: "sherwani", motif: "buti", borders: true },
    age: 62,
  },
];

export type AdSeed = {
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
  targetPage: string;
  shopFilters: { category?: CategoryName; gender?: Gender; priceRange?: string; sortBy?: string };
  isActive: boolean;
  priority: number;
  art: "festive" | "new-season" | "groom" | "stoles" | "referral";
};

export const ADVERTISEMENTS: AdSeed[] = [
  {
    title: "Festive Edit — up to 30% off",
    description:
      "Banarasi silks, Kanjeevarams and zari borders for Diwali, weddings and every celebration in between.",
    buttonText: "Shop Sarees",
    buttonLink: "/products?category=Sarees",
    targetPage: "shop-filters",
    shopFilters: { category: "Sarees" },
    isActive: true,
    priority: 1,
    art: "festive",
  },
  {
    title: "New Season Kurtas",
    description: "Fresh block prints, chikankari and breezy cottons, just in for women.",
    buttonText: "See What's New",
    buttonLink: "/products?gender=Women&sort=newest",
    targetPage: "shop-filters",
    shopFilters: { gender: "Women", sortBy: "newest" },
    isActive: true,
    priority: 2,
    art: "new-season",
  },
  {
    title: "The Groom's Edit",
    description: "Sherwanis, bandhgalas and Nehru jackets, tailored for the wedding season.",
    buttonText: "Shop Menswear",
    buttonLink: "/products?gender=Men&category=Sherwanis",
    targetPage: "shop-filters",
    shopFilters: { gender: "Men", category: "Sherwanis" },
    isActive: true,
    priority: 3,
    art: "groom",
  },
  {
    title: "Dupattas & Stoles from ₹299",
    description: "Phulkari, bandhani and handloom stoles to lift any outfit.",
    buttonText: "Explore Stoles",
    buttonLink: "/products?category=Dupattas%20%26%20Stoles&sort=price-low",
    targetPage: "shop-filters",
    shopFilters: { category: "Dupattas & Stoles", sortBy: "price-low" },
    isActive: true,
    priority: 4,
    art: "stoles",
  },
  {
    title: "Refer a friend, earn ₹100",
    description:
      "Share your referral link: when a friend joins Vastra, you both get a little something.",
    buttonText: "Invite Friends",
    buttonLink: "/referrals",
    targetPage: "referrals",
    shopFilters: {},
    isActive: false,
    priority: 5,
    art: "referral",
  },
];

export const SHOPPERS = [
  { name: "Priya Sharma", email: "priya.sharma@example.com", phone: "9820012345" },
  { name: "Rohan Mehta", email: "rohan.mehta@example.com", phone: "9811098765" },
  { name: "Ananya Iyer", email: "ananya.iyer@example.com", phone: "9840056789" },
  { name: "Arjun Nair", email: "arjun.nair@example.com", phone: null },
  { name: "Kavya Reddy", email: "kavya.reddy@example.com", phone: "9848022334" },
  { name: "Vikram Singh", email: "vikram.singh@example.com", phone: "9876543210" },
  { name: "Sneha Kulkarni", email: "sneha.kulkarni@example.com", phone: "9922011223" },
  { name: "Farhan Qureshi", email: "farhan.qureshi@example.com", phone: null },
  { name: "Ishita Banerjee", email: "ishita.banerjee@example.com", phone: "9830077889" },
  { name: "Harpreet Kaur", email: "harpreet.kaur@example.com", phone: "9815066778" },
  { name: "Meera Pillai", email: "meera.pillai@example.com", phone: "9747033445" },
] as const;
