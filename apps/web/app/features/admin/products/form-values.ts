/**
 * The add/edit form's values (text as typed, so nothing is lost on an error), how they start from
 * a product, and how they become the write body — checked with the same rules as the server.
 */
import {
  ADMIN_PRODUCT_MESSAGES,
  defaultColorFor,
  productFieldErrors,
} from "@vastra/contracts/admin-products";
import type { Gender, Product } from "@vastra/contracts/catalogue";
import { initialProductData, type ProductDataValues, productDataBody } from "./product-data-fields";
import { initialProductTax, type ProductTaxValues, productTaxBody } from "./product-tax-fields";

/** One size as typed; `original` is its saved stock (null for a size added in this form). */
export type SizeRow = { key: string; size: string; stock: string; original: string | null };

export type FormValues = {
  title: string;
  description: string;
  price: string;
  lowStockThreshold: string;
  gender: Gender | "";
  sizes: SizeRow[];
  colors: string[];
  defaultColor: string | null;
  categories: string[];
  imageUrl: string;
  additionalImages: string[];
  colorImages: Array<{ color: string; imageUrl: string }>;
  isHero: boolean;
  heroImage: string;
  heroTagline: string;
  /** MRP, SKUs, fabric and care (product-data-fields.tsx, record 0041). */
  productData: ProductDataValues;
  /** HSN code and tax class (product-tax-fields.tsx, record 0037). */
  tax: ProductTaxValues;
};

let rowCounter = 0;
export const sizeRow = (size: string, stock: string, original: string | null = null): SizeRow => ({
  key: `size-${++rowCounter}`,
  size,
  stock,
  original,
});

/** admin.md §9: lowStockThreshold 10, stock 0, gender Unisex. */
export function initialValues(product: Product | null): FormValues {
  if (!product) {
    return {
      title: "",
      description: "",
      price: "",
      lowStockThreshold: "10",
      gender: "Unisex",
      sizes: [],
      colors: [],
      defaultColor: null,
      categories: [],
      imageUrl: "",
      additionalImages: [],
      colorImages: [],
      isHero: false,
      heroImage: "",
      heroTagline: "",
      productData: initialProductData(null),
      tax: initialProductTax(null),
    };
  }
  return {
    title: product.title,
    description: product.description,
    price: String(product.price),
    lowStockThreshold: String(product.lowStockThreshold),
    gender: product.gender,
    sizes: product.sizeStock.map((s) => sizeRow(s.size, String(s.stock), String(s.stock))),
    colors: product.colors,
    defaultColor: defaultColorFor(product.colors, product.defaultColor),
    categories: product.categories,
    imageUrl: product.imageUrl,
    additionalImages: product.additionalImages,
    colorImages: product.colorImages,
    isHero: product.isHero,
    heroImage: product.heroImage ?? "",
    heroTagline: product.heroTagline ?? "",
    productData: initialProductData(product),
    tax: initialProductTax(product),
  };
}

const WHOLE = /^\d+$/;

/** The write body and every field's message (empty when the form may be sent). */
export function toBody(values: FormValues): {
  body: Record<string, unknown>;
  errors: Record<string, string>;
} {
  const priceText = values.price.trim();
  const price = priceText === "" ? null : Number(priceText);
  const thresholdText = values.lowStockThreshold.trim();
  const body = {
    title: values.title.trim(),
    description: values.description.trim(),
    price: price !== null && Number.isFinite(price) ? price : null,
    lowStockThreshold: WHOLE.test(thresholdText) ? Number(thresholdText) : 10,
    gender: values.gender || null,
    sizes: values.sizes.map((s) => s.size.trim()),
    // Only the figures the admin typed: a size left alone keeps its stock on the server, even if
    // orders changed it while the form was open.
    sizeStock: values.sizes
      .filter((s) => s.original === null || s.stock.trim() !== s.original)
      .map((s) => ({
        size: s.size.trim(),
        stock: WHOLE.test(s.stock.trim()) ? Number(s.stock.trim()) : 0,
      })),
    colors: values.colors.map((c) => c.trim()),
    defaultColor: defaultColorFor(values.colors, values.defaultColor),
    categories: values.categories,
    imageUrl: values.imageUrl,
    additionalImages: values.additionalImages,
    colorImages: values.colorImages.filter((ci) => values.colors.includes(ci.color)),
    isHero: values.isHero,
    heroImage: values.heroImage || null,
    heroTagline: values.heroTagline.trim() || null,
  };
  // MRP, SKUs, fabric and care (record 0041): their own fields and messages.
  const productData = productDataBody(values.productData, body.price, body.sizes);
  Object.assign(body, productData.body);
  const errors = { ...productFieldErrors(body), ...productData.errors };
  // GST (record 0037): HSN code and tax class.
  const tax = productTaxBody(values.tax);
  Object.assign(body, tax.body);
  Object.assign(errors, tax.errors);
  if (priceText !== "" && (price === null || !Number.isFinite(price))) {
    errors.price = ADMIN_PRODUCT_MESSAGES.price;
  }
  if (!WHOLE.test(thresholdText))
    errors.lowStockThreshold = ADMIN_PRODUCT_MESSAGES.lowStockThreshold;
  const badStock = values.sizes.find((s) => !WHOLE.test(s.stock.trim()));
  if (badStock)
    errors.sizeStock = `Stock of ${badStock.size}: ${ADMIN_PRODUCT_MESSAGES.stockNumber}`;
  return { body, errors };
}

/** The first message to show at the top of the form, in the order of admin.md §5. */
export function summaryMessage(errors: Record<string, string>): string | null {
  const M = ADMIN_PRODUCT_MESSAGES;
  const values = Object.values(errors);
  if (values.length === 0) return null;
  for (const preferred of [M.required, M.image, M.sizes, M.heroTagline]) {
    if (values.includes(preferred)) return preferred;
  }
  return values[0] ?? null;
}
