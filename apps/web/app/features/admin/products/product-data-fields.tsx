/**
 * The product form's product data (issue #16, record 0041): MRP (compare-at price, above the
 * price), the product's SKU and each size's, fabric and care. Their values, how they start from a
 * product, how they join the write body (checked with the server's rules), and the fields.
 */
import {
  ADMIN_PRODUCT_MESSAGES,
  PRODUCT_TEXT_LIMITS,
  productDataErrors,
} from "@vastra/contracts/admin-products";
import type { Product } from "@vastra/contracts/catalogue";
import { discountPercentOf } from "@vastra/contracts/catalogue-options";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

/** A size's default SKU from the product's (as the database's default_size_sku). */
const defaultSizeSku = (sku: string, size: string) =>
  `${sku}-${size.toUpperCase().replace(/[^A-Z0-9]+/g, "")}`;

export type ProductDataValues = {
  /** Rupees as typed ("" for none). */
  mrp: string;
  sku: string;
  /** Each size's SKU as typed, by size ("" for the default). */
  sizeSkus: Record<string, string>;
  fabric: string;
  care: string;
};

export function initialProductData(product: Product | null): ProductDataValues {
  return {
    mrp: product?.mrp ? String(product.mrp) : "",
    sku: product?.sku ?? "",
    sizeSkus: Object.fromEntries((product?.sizeSkus ?? []).map((s) => [s.size, s.sku])),
    fabric: product?.fabric ?? "",
    care: product?.care ?? "",
  };
}

/** The body fields of the product data, and their messages (the price and sizes as in the form). */
export function productDataBody(
  values: ProductDataValues,
  price: number | null,
  sizes: readonly string[],
): { body: Record<string, unknown>; errors: Record<string, string> } {
  const mrpText = values.mrp.trim();
  const mrp = mrpText === "" ? null : Number(mrpText);
  const body = {
    mrp: mrp !== null && Number.isFinite(mrp) ? mrp : null,
    sku: values.sku.trim(),
    // Every size's SKU (an empty one takes the default on the server).
    sizeSkus: sizes.map((size) => ({ size, sku: (values.sizeSkus[size] ?? "").trim() })),
    fabric: values.fabric.trim(),
    care: values.care.trim(),
  };
  const errors = productDataErrors({ ...body, price, sizes });
  if (mrpText !== "" && (mrp === null || !Number.isFinite(mrp))) {
    errors.mrp = ADMIN_PRODUCT_MESSAGES.mrp;
  }
  return { body, errors };
}

export type ProductDataFieldsProps = {
  values: ProductDataValues;
  onChange: (values: ProductDataValues) => void;
  /** The price as typed (for the discount shown). */
  price: string;
  /** The form's sizes, in order. */
  sizes: readonly string[];
  errors: Record<string, string>;
};

/** The fields, as one section of the product form. */
export function ProductDataFields({
  values,
  onChange,
  price,
  sizes,
  errors,
}: ProductDataFieldsProps) {
  const set = <K extends keyof ProductDataValues>(key: K, value: ProductDataValues[K]) =>
    onChange({ ...values, [key]: value });
  /** A new product SKU: size SKUs made from the old one are emptied, to be made from the new. */
  const setSku = (sku: string) => {
    const old = values.sku.trim().toUpperCase();
    const sizeSkus = Object.fromEntries(
      Object.entries(values.sizeSkus).map(([size, value]) => [
        size,
        old && value.trim().toUpperCase() === defaultSizeSku(old, size) ? "" : value,
      ]),
    );
    onChange({ ...values, sku, sizeSkus });
  };
  const discount = discountPercentOf(Number(price), values.mrp.trim() ? Number(values.mrp) : null);
  return (
    <fieldset className="m-0 grid min-w-0 gap-4 border-0 border-border border-t p-0 pt-5">
      <legend className="float-left mb-1 w-full font-display font-semibold text-foreground text-lg">
        MRP, SKU and fabric
        <span className="mt-0.5 block font-normal font-sans text-muted-foreground text-sm">
          Shoppers see the MRP struck through with the discount, and the fabric and care on the
          product page.
        </span>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="MRP (₹)"
          id="product-mrp"
          error={errors.mrp}
          hint={
            discount
              ? `Shown as ${discount}% off`
              : "Optional: more than the price when there is a discount"
          }
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.mrp}
            onChange={(e) => set("mrp", e.target.value)}
          />
        </Field>
        <Field
          label="SKU"
          id="product-sku"
          error={errors.sku}
          hint="Leave empty for one made from the product's id"
        >
          <Input
            value={values.sku}
            maxLength={PRODUCT_TEXT_LIMITS.sku}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => setSku(e.target.value)}
          />
        </Field>
      </div>
      {sizes.length > 0 ? (
        <div id="product-sizeSkus" className="grid gap-2">
          <p className="font-medium text-sm">SKU per size</p>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="SKU per size">
            {sizes.map((size) => (
              <li key={size} className="flex items-center gap-2">
                <label
                  htmlFor={`product-size-sku-${size}`}
                  className="w-20 shrink-0 truncate text-sm"
                >
                  {size}
                </label>
                <Input
                  id={`product-size-sku-${size}`}
                  aria-label={`SKU of size ${size}`}
                  value={values.sizeSkus[size] ?? ""}
                  placeholder={
                    values.sku.trim() ? `${values.sku.trim().toUpperCase()}-…` : "Default"
                  }
                  maxLength={PRODUCT_TEXT_LIMITS.sku}
                  spellCheck={false}
                  aria-invalid={errors.sizeSkus ? true : undefined}
                  onChange={(e) => set("sizeSkus", { ...values.sizeSkus, [size]: e.target.value })}
                />
              </li>
            ))}
          </ul>
          <FieldError>{errors.sizeSkus}</FieldError>
        </div>
      ) : null}
      <Field
        label="Fabric"
        id="product-fabric"
        error={errors.fabric}
        hint="For example: Mulmul cotton"
      >
        <Input
          value={values.fabric}
          maxLength={PRODUCT_TEXT_LIMITS.fabric}
          onChange={(e) => set("fabric", e.target.value)}
        />
      </Field>
      <Field label="Care" id="product-care" error={errors.care}>
        <Textarea
          rows={2}
          value={values.care}
          maxLength={PRODUCT_TEXT_LIMITS.care}
          onChange={(e) => set("care", e.target.value)}
        />
      </Field>
    </fieldset>
  );
}
