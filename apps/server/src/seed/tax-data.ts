/**
 * The demo catalogue's GST data (record 0037): each product's HSN code and tax class. Sarees are
 * woven fabric, classed by their fibre (silk 5007, cotton 5208, linen 5309, synthetic georgette,
 * chiffon and organza 5407) at the fabric rate; garments are chapter 62 (women's ensembles and
 * dresses 6204, women's kurtas 6206, men's and unisex suits and jackets 6203, shirts and kurtas 6205),
 * dupattas and stoles 6214, all at the apparel rates.
 */
import type { ProductSeed } from "./catalogue-data.ts";

export function taxDataFor(p: ProductSeed): { hsnCode: string; taxClass: "apparel" | "fabric" } {
  const title = p.title.toLowerCase();
  const has = (name: string) => (p.categories as readonly string[]).includes(name);
  if (has("Sarees")) {
    const hsnCode = title.includes("linen")
      ? "5309"
      : /silk|paithani|kanjeevaram|banarasi/.test(title) && !title.includes("cotton")
        ? "5007"
        : /cotton|handloom|ikat|kalamkari/.test(title)
          ? "5208"
          : "5407";
    return { hsnCode, taxClass: "fabric" };
  }
  if (has("Dupattas & Stoles")) return { hsnCode: "6214", taxClass: "apparel" };
  if (p.gender !== "Women") {
    if (has("Shirts") || has("Kurtas")) return { hsnCode: "6205", taxClass: "apparel" };
    return { hsnCode: "6203", taxClass: "apparel" };
  }
  if (has("Kurtas") && !has("Kurta Sets")) return { hsnCode: "6206", taxClass: "apparel" };
  if (has("Lehengas") || has("Anarkalis") || has("Kurta Sets") || has("Dresses")) {
    return { hsnCode: "6204", taxClass: "apparel" };
  }
  return { hsnCode: "6211", taxClass: "apparel" };
}
