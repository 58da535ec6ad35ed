/** Rules about a product that the list and the detail page share (decisions.md §3). */
import type { Product } from "@vastra/contracts/catalogue";

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
export function quickAddSize(product: Product): string | null {
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
