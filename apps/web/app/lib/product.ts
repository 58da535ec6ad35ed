/** Rules about a product that the list and the detail page share (decisions.md §3). */
import type { Product } from "@vastra/contracts/catalogue";
import { truncate } from "~/lib/format";

/** The longest description a card shows (list view); toProductSummary cuts it. */
const CARD_DESCRIPTION_MAX = 180;

/**
 * What a product card shows. The list's loader sends only this (and the description already cut
 * to the card's length): the page's HTML carries its data for hydration, and a phone pays for
 * every byte of it before the first paint.
 */
export type ProductSummary = Pick<
  Product,
  | "_id"
  | "title"
  | "description"
  | "price"
  | "imageUrl"
  | "sizes"
  | "sizeStock"
  | "stock"
  | "defaultColor"
  | "stockStatus"
  | "inStock"
  | "category"
  | "averageRating"
  | "reviewCount"
  | "mrp"
  | "discountPercent"
>;

export function toProductSummary(product: Product): ProductSummary {
  return {
    _id: product._id,
    title: product.title,
    description: truncate(product.description, CARD_DESCRIPTION_MAX),
    price: product.price,
    imageUrl: product.imageUrl,
    sizes: product.sizes,
    sizeStock: product.sizeStock,
    stock: product.stock,
    defaultColor: product.defaultColor,
    stockStatus: product.stockStatus,
    inStock: product.inStock,
    category: product.category,
    averageRating: product.averageRating,
    reviewCount: product.reviewCount,
    mrp: product.mrp,
    discountPercent: product.discountPercent,
  };
}

/** The stock of each size. Without a per-size list (an old record) every size shares the total. */
export function sizeStockOf(product: Pick<Product, "sizes" | "sizeStock" | "stock">) {
  const bySize = new Map(product.sizeStock.map((s) => [s.size, s.stock]));
  const sizes = product.sizes.length > 0 ? product.sizes : product.sizeStock.map((s) => s.size);
  return sizes.map((size) => ({
    size,
    stock: product.sizeStock.length > 0 ? (bySize.get(size) ?? 0) : Math.max(0, product.stock),
  }));
}

/** The stock of one size (0 when it is unknown). */
export function stockOfSize(product: Product, size: string | null): number {
  if (!size) return 0;
  return sizeStockOf(product).find((s) => s.size === size)?.stock ?? 0;
}

/**
 * The quick-add size of a card: M when it is in stock, else the first size in stock (storefront.md
 * §2); null when nothing is in stock.
 */
export function quickAddSize(
  product: Pick<Product, "inStock" | "sizes" | "sizeStock" | "stock">,
): string | null {
  if (!product.inStock) return null;
  const inStock = sizeStockOf(product).filter((s) => s.stock > 0);
  return (inStock.find((s) => s.size === "M") ?? inStock[0])?.size ?? null;
}

export type GalleryImage = {
  url: string;
  alt: string;
  /** The colour this image shows, for colour images. */
  color?: string;
};

/** Main image, then additional images, then colour images; each URL once. */
export function galleryImages(product: Product): GalleryImage[] {
  const images: GalleryImage[] = [];
  const add = (image: GalleryImage) => {
    if (!image.url) return;
    const existing = images.find((i) => i.url === image.url);
    if (existing) {
      // A colour image that is also the main image still marks that colour.
      if (image.color && !existing.color) existing.color = image.color;
      return;
    }
    images.push(image);
  };
  add({ url: product.imageUrl, alt: product.title });
  product.additionalImages.forEach((url, i) => {
    add({ url, alt: `${product.title}, view ${i + 2}` });
  });
  for (const { color, imageUrl } of product.colorImages) {
    add({ url: imageUrl, alt: `${product.title} in ${color}`, color });
  }
  if (images.length === 0) images.push({ url: "", alt: product.title });
  return images;
}

/** The product page's path. */
export const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;
