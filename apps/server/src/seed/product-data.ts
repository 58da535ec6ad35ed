/**
 * The demo catalogue's product data (record 0041): each product's fabric (from its description),
 * care by fabric, an MRP on some products (a discount the cards and the product page show), and a
 * readable SKU ('VS-SAR-006'; each size's is that and the size, the database's default).
 */
import type { CategoryName, ProductSeed } from "./catalogue-data.ts";

/** Fabric by title, as each description says. */
const FABRICS: Record<string, string> = {
  "Banarasi Silk Saree with Zari Border": "Pure katan silk with zari",
  "Kanjeevaram Silk Saree with Temple Border": "Pure mulberry silk with zari",
  "Chanderi Cotton-Silk Saree": "Chanderi cotton-silk",
  "Bandhani Georgette Saree": "Georgette",
  "Leheriya Chiffon Saree": "Chiffon",
  "Kalamkari Print Cotton Saree": "Mulmul cotton",
  "Pochampally Ikat Handloom Saree": "Handloom cotton",
  "Linen Saree with Silver Zari Border": "Pure linen with silver zari",
  "Floral Print Organza Saree": "Organza",
  "Paithani Silk Saree with Peacock Pallu": "Pure silk with zari",
  "Bridal Zari Embroidered Lehenga Set": "Raw silk; net dupatta",
  "Mirror Work Navratri Lehenga": "Cotton",
  "Pastel Floral Organza Lehenga": "Organza, lined",
  "Banarasi Brocade Lehenga": "Banarasi brocade; tissue dupatta",
  "Chikankari Georgette Lehenga": "Georgette",
  "Chikankari Georgette Anarkali": "Georgette",
  "Gota Patti Anarkali Suit": "Chanderi",
  "Floral Printed Cotton Anarkali": "Cotton",
  "Velvet Anarkali with Zardozi Yoke": "Micro-velvet, lined",
  "Bandhani Silk Anarkali": "Art silk",
  "Chanderi Silk Straight Kurta": "Chanderi silk",
  "Hand-block Printed Cotton Kurta": "Cotton",
  "Chikankari Cotton Kurta": "Mulmul cotton",
  "Ikat Cotton A-line Kurta": "Handloom ikat cotton",
  "Khadi Cotton Everyday Kurta": "Hand-spun khadi cotton",
  "Bandhani Print Rayon Kurta": "Rayon",
  "Hand-block Printed Cotton Kurta Set": "Cotton",
  "Chanderi Kurta Set with Dupatta": "Chanderi",
  "Leheriya Cotton Kurta Palazzo Set": "Cotton",
  "Silk Blend Festive Kurta Set": "Silk blend; organza dupatta",
  "Floral Print Rayon Kurta Set": "Rayon",
  "Mul Cotton Kurta Pant Set": "Mul cotton (mulmul)",
  "Floral Cotton Midi Dress": "Cotton",
  "Indigo Block Print Wrap Dress": "Cotton",
  "Striped Linen Shirt Dress": "Linen",
  "Ikat Fit and Flare Dress": "Handloom ikat cotton",
  "Phulkari Embroidered Dupatta": "Cotton",
  "Banarasi Silk Dupatta": "Banarasi silk with zari",
  "Bandhani Cotton Dupatta": "Cotton",
  "Chiffon Leheriya Dupatta": "Chiffon",
  "Kashmiri Paisley Wool Stole": "Fine wool",
  "Handloom Cotton Stole": "Handloom cotton",
  "Block Print Cotton Scarf": "Cotton",
  "Khadi Checked Gamcha Stole": "Khadi cotton",
  "Silk Blend Festive Kurta": "Silk blend",
  "Lucknowi Chikankari Cotton Kurta": "Cotton",
  "Linen Cotton Straight Kurta": "Linen-cotton blend",
  "Jaipur Block Print Cotton Kurta": "Cotton",
  "Handwoven Khadi Kurta": "Hand-spun khadi",
  "Jacquard Silk Kurta": "Jacquard silk",
  "Silk Kurta Pyjama Set": "Art silk",
  "Cotton Kurta Pyjama Set": "Cotton",
  "Festive Jacquard Kurta Set": "Jacquard",
  "Pure Linen Casual Shirt": "Pure linen",
  "Block Print Cotton Shirt": "Cotton",
  "Khadi Cotton Shirt": "Khadi cotton",
  "Ikat Handloom Shirt": "Handloom ikat cotton",
  "Madras Check Cotton Shirt": "Cotton",
  "Oxford Pinstripe Shirt": "Cotton Oxford",
  "Bandhgala Nehru Jacket": "Cotton-silk",
  "Brocade Nehru Jacket": "Brocade, satin lined",
  "Khadi Nehru Jacket": "Khadi",
  "Printed Cotton Nehru Jacket": "Cotton",
  "Jodhpuri Bandhgala Jacket": "Suiting blend",
  "Brocade Bandhgala Jacket": "Brocade, lined",
  "Ivory Silk Sherwani with Zari Embroidery": "Raw silk",
  "Embroidered Velvet Sherwani": "Velvet, satin lined",
  "Jacquard Sherwani Set": "Jacquard silk",
};

const CARE = {
  silk: "Dry clean only. Store folded in a muslin cloth, away from damp; refold now and then.",
  delicate:
    "Dry clean recommended, or hand wash gently in cold water with a mild detergent. Dry in shade; iron on low.",
  cotton:
    "Hand wash or machine wash cold on a gentle cycle, dark colours apart. Dry in shade; iron warm.",
  linen: "Machine wash cold on a gentle cycle. Dry in shade; iron while slightly damp.",
  wool: "Dry clean only. Store with a cedar block; keep away from direct sun.",
  heavy: "Dry clean only. Store on a padded hanger or folded in a muslin cloth.",
} as const;

function careFor(fabric: string): string {
  const f = fabric.toLowerCase();
  if (/velvet|brocade|raw silk|sherwani|suiting/.test(f)) return CARE.heavy;
  if (/wool/.test(f)) return CARE.wool;
  if (/silk|zari|jacquard|chanderi|tissue/.test(f)) return CARE.silk;
  if (/georgette|chiffon|organza|rayon/.test(f)) return CARE.delicate;
  if (/linen/.test(f)) return CARE.linen;
  return CARE.cotton;
}

const CATEGORY_CODES: Record<CategoryName, string> = {
  Sarees: "SAR",
  Lehengas: "LEH",
  Anarkalis: "ANK",
  Kurtas: "KUR",
  "Kurta Sets": "KST",
  Dresses: "DRS",
  Shirts: "SHT",
  "Ethnic Jackets": "JKT",
  Sherwanis: "SHW",
  "Dupattas & Stoles": "DUP",
  "Wedding & Festive": "WED",
};

/** A price rounded up to end in 99 (₹1,999, ₹2,499). */
const ninetyNine = (rupees: number) => Math.ceil((rupees + 1) / 100) * 100 - 1;

/** The product's data columns (the MRP in paise, on every third product). */
export function productDataFor(p: ProductSeed, index: number) {
  const fabric = FABRICS[p.title] ?? "Cotton";
  const markup = [1.54, 1.25, 1.4][Math.floor(index / 3) % 3]!;
  return {
    fabric,
    care: careFor(fabric),
    mrpPaise: index % 3 === 0 ? ninetyNine(p.price * markup) * 100 : null,
    sku: `VS-${CATEGORY_CODES[p.categories[0]!]}-${String(index + 1).padStart(3, "0")}`,
  };
}
