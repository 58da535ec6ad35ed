/**
 * The add/edit product modal (admin.md §3, §4, §5): every field, per-field messages, image uploads
 * with progress and previews. Each opening of the form is an upload session (X-Session-ID, a fresh
 * UUID); closing without saving deletes the session's unsaved uploads (so does saving, on the
 * server), and images removed or replaced before saving that were uploaded in this session are
 * deleted at once. Saved images the form drops are released by the save itself.
 *
 * This file is the dialog and the form's state and submit; the sections are product-*-fields.tsx,
 * the upload session use-product-uploads.ts.
 */
import { ADMIN_PRODUCT_MESSAGES, firstDuplicate } from "@vastra/contracts/admin-products";
import type { Category, Product } from "@vastra/contracts/catalogue";
import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ApiError } from "~/lib/api";
import { ActivityHistorySection } from "../activity/history-section";
import { ProductSizeChartSection } from "../size-charts/product-size-chart";
import { saveProduct } from "./api";
import { type FormValues, initialValues, summaryMessage, toBody } from "./form-values";
import { ProductCategoriesFields, ProductDetailsFields } from "./product-basics-fields";
import { ProductColoursFields } from "./product-colours-fields";
import { ProductDataFields } from "./product-data-fields";
import { FormNotice, type FormNoticeValue } from "./product-form-parts";
import { ProductHeroFields, ProductPicturesFields } from "./product-images-fields";
import { ProductSizesFields } from "./product-sizes-fields";
import { ProductTaxFields } from "./product-tax-fields";
import { useProductUploads } from "./use-product-uploads";

export type ProductFormDialogProps = {
  /** The product to edit, or null to add one. */
  product: Product | null;
  categories: Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (product: Product, message: string) => void;
  /** Changes each time the dialog opens. */
  formKey: number;
};

export function ProductFormDialog(props: ProductFormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* A fresh form, and upload session, every time the dialog opens (formKey changes). */}
      {props.open ? <ProductForm key={props.formKey} {...props} /> : null}
    </Dialog>
  );
}

function ProductForm({ product, categories, onOpenChange, onSaved }: ProductFormDialogProps) {
  const [values, setValues] = React.useState<FormValues>(() => initialValues(product));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [notice, setNotice] = React.useState<FormNoticeValue | null>(null);
  const [saving, setSaving] = React.useState(false);
  const noticeRef = React.useRef<HTMLDivElement>(null);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const setFieldError = (field: string, message: string | null) =>
    setErrors((e) => {
      if (!message) {
        const { [field]: _, ...rest } = e;
        return rest;
      }
      return { ...e, [field]: message };
    });

  const uploads = useProductUploads({ setValues, setFieldError, setNotice });
  const { discard } = uploads;

  function moveAdditional(index: number, by: -1 | 1) {
    setValues((v) => {
      const list = [...v.additionalImages];
      const target = index + by;
      if (target < 0 || target >= list.length) return v;
      [list[index], list[target]] = [list[target]!, list[index]!];
      return { ...v, additionalImages: list };
    });
  }

  function addColor(color: string) {
    // The first colour becomes the default (admin.md §4).
    setValues((v) => ({
      ...v,
      colors: [...v.colors, color],
      defaultColor: v.colors.length === 0 ? color : v.defaultColor,
    }));
  }

  function removeColor(color: string) {
    setValues((v) => {
      const colors = v.colors.filter((c) => c !== color);
      const image = v.colorImages.find((ci) => ci.color === color);
      if (image) discard(image.imageUrl);
      return {
        ...v,
        colors,
        // Removing the default moves it to the first remaining colour (admin.md §4).
        defaultColor: v.defaultColor === color ? (colors[0] ?? null) : v.defaultColor,
        colorImages: v.colorImages.filter((ci) => ci.color !== color),
      };
    });
    setFieldError("colors", null);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (uploads.busyUploading) {
      setNotice({ kind: "error", text: "Please wait for the uploads to finish" });
      return;
    }
    const { body, errors: found } = toBody(values);
    if (firstDuplicate(values.colors))
      found.colors ??= ADMIN_PRODUCT_MESSAGES.duplicateColor(firstDuplicate(values.colors)!);
    setErrors(found);
    const summary = summaryMessage(found);
    if (summary) {
      setNotice({ kind: "error", text: summary });
      noticeRef.current?.scrollIntoView({ block: "nearest" });
      const first = Object.keys(found)[0];
      const target = first ? document.getElementById(`product-${first}`) : null;
      (target?.querySelector("input,textarea,select,button") as HTMLElement | null)?.focus();
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) target.focus();
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const reply = await saveProduct(product?._id ?? null, body, uploads.sessionId);
      uploads.markSaved();
      onSaved(reply.product, reply.message);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setErrors(apiError?.errors ?? {});
      setNotice({ kind: "error", text: apiError?.message ?? "Error saving product" });
      noticeRef.current?.scrollIntoView({ block: "nearest" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogContent
      className="max-w-3xl p-0 sm:max-w-3xl"
      onInteractOutside={(event) => event.preventDefault()}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        document.getElementById("product-title")?.focus();
      }}
    >
      <form noValidate onSubmit={submit} className="grid min-w-0 gap-0">
        <DialogHeader className="border-border border-b px-5 pt-5 pb-4 sm:px-6">
          <DialogTitle>{product ? "Edit product" : "Add product"}</DialogTitle>
          <DialogDescription>
            Fields marked * are required. Pictures are checked and resized when uploaded (JPEG, PNG,
            WebP or AVIF, at most 10 MB).
          </DialogDescription>
        </DialogHeader>

        <div className="grid min-w-0 gap-6 px-5 py-5 sm:px-6">
          <div ref={noticeRef} aria-live="polite" className="empty:hidden">
            {notice ? <FormNotice notice={notice} onDismiss={() => setNotice(null)} /> : null}
          </div>

          <ProductDetailsFields values={values} onChange={set} errors={errors} />

          <ProductDataFields
            values={values.productData}
            onChange={(productData) => set("productData", productData)}
            price={values.price}
            sizes={values.sizes.map((s) => s.size.trim())}
            errors={errors}
          />

          <ProductTaxFields
            values={values.tax}
            onChange={(tax) => set("tax", tax)}
            errors={errors}
          />

          <ProductCategoriesFields
            categories={categories}
            selected={values.categories}
            onChange={(ids) => set("categories", ids)}
            error={errors.categories}
          />

          <ProductSizesFields
            sizes={values.sizes}
            onChange={(sizes) => set("sizes", sizes)}
            errors={errors}
            setFieldError={setFieldError}
          />

          <ProductColoursFields
            colors={values.colors}
            defaultColor={values.defaultColor}
            colorImages={values.colorImages}
            uploads={uploads.uploads}
            errors={errors}
            setFieldError={setFieldError}
            onAdd={addColor}
            onRemove={removeColor}
            onMakeDefault={(color) => set("defaultColor", color)}
            onPickImage={(color, file) => void uploads.uploadColorImage(color, file)}
            onRemoveImage={(color) => {
              discard(values.colorImages.find((ci) => ci.color === color)?.imageUrl ?? "");
              set(
                "colorImages",
                values.colorImages.filter((ci) => ci.color !== color),
              );
            }}
          />

          <ProductPicturesFields
            imageUrl={values.imageUrl}
            additionalImages={values.additionalImages}
            uploads={uploads.uploads}
            errors={errors}
            onPickMain={(file) => void uploads.replaceSingle("imageUrl", "product-image", file)}
            onRemoveMain={() => {
              discard(values.imageUrl);
              set("imageUrl", "");
            }}
            onAddAdditional={(files) => void uploads.uploadAdditional(files)}
            onMoveAdditional={moveAdditional}
            onRemoveAdditional={(url) => {
              discard(url);
              set(
                "additionalImages",
                values.additionalImages.filter((u) => u !== url),
              );
            }}
          />

          <ProductHeroFields
            isHero={values.isHero}
            heroTagline={values.heroTagline}
            heroImage={values.heroImage}
            upload={uploads.uploads.heroImage}
            errors={errors}
            onChange={set}
            onPickImage={(file) => void uploads.replaceSingle("heroImage", "hero-image", file)}
            onRemoveImage={() => {
              discard(values.heroImage);
              set("heroImage", "");
            }}
          />
          {product ? <ProductSizeChartSection product={product} /> : null}
          {product ? <ActivityHistorySection entityType="product" entityId={product._id} /> : null}
        </div>

        <DialogFooter className="sticky bottom-0 flex-row justify-end border-border border-t bg-card px-5 py-3 sm:px-6 sm:py-4">
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => onOpenChange(false)}
            disabled={saving}
          >
            Cancel
          </Button>
          <Button
            type="submit"
            className="flex-1 sm:flex-none"
            loading={saving}
            disabled={uploads.busyUploading}
            loadingText="Saving…"
          >
            {product ? "Save changes" : "Create product"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
