/**
 * The product form's GST fields (issue #14, record 0037): the HSN code printed on tax invoices
 * and the tax class whose rates apply. Their values, how they start from a product, how they join
 * the write body (checked as the server checks them), and the fields.
 */

import type { Product } from "@vastra/contracts/catalogue";
import {
  GST_MESSAGES,
  HSN_PATTERN,
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  type TaxClass,
} from "@vastra/contracts/gst";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";

export type ProductTaxValues = { hsnCode: string; taxClass: string };

/** A new product: a garment (HSN 6211, apparel), as the products table's defaults. */
export function initialProductTax(product: Product | null): ProductTaxValues {
  return { hsnCode: product?.hsnCode ?? "6211", taxClass: product?.taxClass ?? "apparel" };
}

export function productTaxBody(values: ProductTaxValues): {
  body: { hsnCode: string; taxClass: string };
  errors: Record<string, string>;
} {
  const body = { hsnCode: values.hsnCode.trim(), taxClass: values.taxClass };
  const errors: Record<string, string> = {};
  if (!HSN_PATTERN.test(body.hsnCode)) errors.hsnCode = GST_MESSAGES.hsn;
  if (!(TAX_CLASSES as readonly string[]).includes(body.taxClass)) {
    errors.taxClass = GST_MESSAGES.taxClass;
  }
  return { body, errors };
}

/** The fields, as one section of the product form. */
export function ProductTaxFields({
  values,
  onChange,
  errors,
}: {
  values: ProductTaxValues;
  onChange: (values: ProductTaxValues) => void;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="m-0 grid min-w-0 gap-4 border-0 border-border border-t p-0 pt-5">
      <legend className="float-left mb-1 w-full font-display font-semibold text-foreground text-lg">
        GST
        <span className="mt-0.5 block font-normal font-sans text-muted-foreground text-sm">
          Printed on tax invoices. The price above includes GST.
        </span>
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="HSN code"
          id="product-hsnCode"
          error={errors.hsnCode}
          required
          hint="4, 6 or 8 digits: e.g. 6204 women's ensembles, 6211 other garments, 5007 silk sarees"
        >
          <Input
            value={values.hsnCode}
            inputMode="numeric"
            maxLength={8}
            onChange={(e) => onChange({ ...values, hsnCode: e.target.value })}
          />
        </Field>
        <Field label="Tax class" id="product-taxClass" error={errors.taxClass} required>
          <NativeSelect
            value={values.taxClass}
            onChange={(e) => onChange({ ...values, taxClass: e.target.value })}
          >
            {TAX_CLASSES.map((c: TaxClass) => (
              <option key={c} value={c}>
                {TAX_CLASS_LABELS[c]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
    </fieldset>
  );
}
