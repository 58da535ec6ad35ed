import type { Product } from "@vastra/contracts/catalogue";

/** The chosen size's SKU, else the product's (older answers without SKUs: nothing). */
export function productCode(
  product: Pick<Product, "sku" | "sizeSkus">,
  size?: string | null,
): string {
  const sizeSku = size ? product.sizeSkus?.find((s) => s.size === size)?.sku : undefined;
  return sizeSku ?? product.sku ?? "";
}

/**
 * The details tab: the description, fabric and care, and the product's facts. The product code is
 * the chosen size's SKU, else the product's (record 0041).
 */
export function ProductDetails({ product, size }: { product: Product; size?: string | null }) {
  const facts: Array<[string, string]> = [];
  if (product.category) facts.push(["Category", product.category]);
  facts.push(["For", product.gender]);
  if (product.fabric) facts.push(["Fabric", product.fabric]);
  if (product.colors.length > 0) facts.push(["Colours", product.colors.join(", ")]);
  if (product.sizes.length > 0) facts.push(["Sizes", product.sizes.join(", ")]);
  facts.push(["Product code", productCode(product, size)]);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-14">
      <div>
        <h2 className="font-display text-2xl font-semibold text-foreground">About this piece</h2>
        <p className="mt-3 max-w-prose leading-7 break-words whitespace-pre-line text-foreground/90">
          {product.description || "Details of this piece are coming soon."}
        </p>
        {product.care ? (
          <>
            <h3 className="mt-6 font-display text-xl font-semibold text-foreground">Care</h3>
            <p className="mt-2 max-w-prose leading-7 break-words whitespace-pre-line text-foreground/90">
              {product.care}
            </p>
          </>
        ) : null}
      </div>
      <dl
        className="grid content-start gap-3 rounded-lg bg-muted p-5 text-sm"
        data-product-facts=""
      >
        {facts.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium break-words text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
