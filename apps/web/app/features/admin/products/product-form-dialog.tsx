/**
 * The add/edit product modal (admin.md §3, §4, §5): every field, per-field messages, image uploads
 * with progress and previews. Each opening of the form is an upload session (X-Session-ID, a fresh
 * UUID); closing without saving deletes the session's unsaved uploads (so does saving, on the
 * server), and images removed or replaced before saving that were uploaded in this session are
 * deleted at once. Saved images the form drops are released by the save itself.
 */
import {
  ADMIN_PRODUCT_MESSAGES,
  firstDuplicate,
  sameLabel,
} from "@vastra/contracts/admin-products";
import { type Category, GENDERS, type Product } from "@vastra/contracts/catalogue";
import { IMAGE_MAX_BYTES } from "@vastra/contracts/images";
import { ArrowLeft, ArrowRight, CircleAlert, Plus, Star, Trash2, Upload, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/components/ui/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError } from "~/lib/api";
import { ActivityHistorySection } from "../activity/history-section";
import { ProductSizeChartSection } from "../size-charts/product-size-chart";
import { SelectOptions, valueOptions } from "../ui/select-options";
import {
  cleanupSession,
  deleteTemporaryImage,
  saveProduct,
  type UploadKind,
  uploadImage,
} from "./api";
import { type FormValues, initialValues, sizeRow, summaryMessage, toBody } from "./form-values";
import {
  FilePickerButton,
  ImageSlot,
  Thumbnail,
  UploadProgress,
  type UploadState,
} from "./image-slot";
import { ProductDataFields } from "./product-data-fields";
import { ProductTaxFields } from "./product-tax-fields";

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

const newSessionId = () => crypto.randomUUID();

function Section({
  title,
  children,
  description,
  first = false,
}: {
  title: string;
  children: React.ReactNode;
  description?: string;
  first?: boolean;
}) {
  return (
    <fieldset
      className={cn(
        "m-0 grid min-w-0 gap-4 border-0 p-0",
        first ? "" : "border-border border-t pt-5",
      )}
    >
      <legend className="float-left mb-1 w-full font-display font-semibold text-foreground text-lg">
        {title}
        {description ? (
          <span className="mt-0.5 block font-normal font-sans text-muted-foreground text-sm">
            {description}
          </span>
        ) : null}
      </legend>
      {children}
    </fieldset>
  );
}

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
  const [notice, setNotice] = React.useState<{ kind: "error" | "success"; text: string } | null>(
    null,
  );
  const [uploads, setUploads] = React.useState<Record<string, UploadState>>({});
  const [saving, setSaving] = React.useState(false);
  const [newSize, setNewSize] = React.useState("");
  const [newColor, setNewColor] = React.useState("");
  const sessionId = React.useRef(newSessionId());
  /** URLs uploaded in this session (deleted at once when removed before saving). */
  const sessionUploads = React.useRef(new Set<string>());
  const saved = React.useRef(false);
  const noticeRef = React.useRef<HTMLDivElement>(null);
  const uploadCounter = React.useRef(0);

  // Closing without saving (or leaving the page) cleans up this session's uploads.
  React.useEffect(() => {
    const session = sessionId.current;
    const onLeave = () => {
      if (!saved.current && sessionUploads.current.size > 0) cleanupSession(session);
    };
    window.addEventListener("pagehide", onLeave);
    return () => {
      window.removeEventListener("pagehide", onLeave);
      onLeave();
    };
  }, []);

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

  /** Drops an image from the form; one uploaded in this session is deleted on the server too. */
  const discard = (url: string) => {
    if (!url || !sessionUploads.current.has(url)) return;
    sessionUploads.current.delete(url);
    deleteTemporaryImage(url, sessionId.current).catch(() => {
      // The session's clean-up (on close or save) deletes it anyway.
    });
  };

  async function upload(
    slot: string,
    field: string,
    kind: UploadKind,
    file: File,
    fallback: string,
  ): Promise<string | null> {
    if (!file.type.startsWith("image/")) {
      setFieldError(field, "Please choose an image file (JPEG, PNG, WebP or AVIF)");
      return null;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setFieldError(field, `Images can be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
      return null;
    }
    setFieldError(field, null);
    const preview = URL.createObjectURL(file);
    setUploads((u) => ({ ...u, [slot]: { progress: 0, preview, name: file.name } }));
    try {
      const reply = await uploadImage(
        kind,
        file,
        sessionId.current,
        (progress) => setUploads((u) => (u[slot] ? { ...u, [slot]: { ...u[slot], progress } } : u)),
        fallback,
      ).promise;
      sessionUploads.current.add(reply.url);
      setNotice({ kind: "success", text: reply.message || "Image uploaded successfully!" });
      return reply.url;
    } catch (error) {
      setFieldError(field, error instanceof ApiError ? error.message : fallback);
      return null;
    } finally {
      URL.revokeObjectURL(preview);
      setUploads(({ [slot]: _, ...rest }) => rest);
    }
  }

  async function replaceSingle(field: "imageUrl" | "heroImage", kind: UploadKind, file: File) {
    const fallback = field === "imageUrl" ? "Error uploading image" : "Error uploading hero image";
    const url = await upload(field, field, kind, file, fallback);
    if (!url) return;
    setValues((v) => {
      discard(v[field]);
      return { ...v, [field]: url };
    });
  }

  async function uploadColorImage(color: string, file: File) {
    const url = await upload(
      `color:${color}`,
      `color:${color}`,
      "color-image",
      file,
      `Error uploading ${color} image`,
    );
    if (!url) return;
    setValues((v) => {
      const old = v.colorImages.find((ci) => ci.color === color);
      if (old) discard(old.imageUrl);
      return {
        ...v,
        colorImages: [
          ...v.colorImages.filter((ci) => ci.color !== color),
          { color, imageUrl: url },
        ],
      };
    });
    setFieldError("colorImages", null);
  }

  async function uploadAdditional(files: File[]) {
    await Promise.all(
      files.map(async (file) => {
        const slot = `additional:${++uploadCounter.current}`;
        const url = await upload(
          slot,
          "additionalImages",
          "additional-image",
          file,
          "Error uploading additional image",
        );
        if (url) setValues((v) => ({ ...v, additionalImages: [...v.additionalImages, url] }));
      }),
    );
  }

  function moveAdditional(index: number, by: -1 | 1) {
    setValues((v) => {
      const list = [...v.additionalImages];
      const target = index + by;
      if (target < 0 || target >= list.length) return v;
      [list[index], list[target]] = [list[target]!, list[index]!];
      return { ...v, additionalImages: list };
    });
  }

  function addSize() {
    const size = newSize.trim();
    if (!size) {
      setFieldError("newSize", "Type a size first, e.g. M or 32");
      return;
    }
    if (values.sizes.some((s) => sameLabel(s.size, size))) {
      setFieldError("newSize", ADMIN_PRODUCT_MESSAGES.duplicateSize(size));
      return;
    }
    set("sizes", [...values.sizes, sizeRow(size, "0")]);
    setNewSize("");
    setFieldError("newSize", null);
  }

  function addColor() {
    const color = newColor.trim();
    if (!color) {
      setFieldError("newColor", "Type a colour first, e.g. Maroon");
      return;
    }
    if (values.colors.some((c) => sameLabel(c, color))) {
      setFieldError("newColor", ADMIN_PRODUCT_MESSAGES.duplicateColor(color));
      return;
    }
    // The first colour becomes the default (admin.md §4).
    setValues((v) => ({
      ...v,
      colors: [...v.colors, color],
      defaultColor: v.colors.length === 0 ? color : v.defaultColor,
    }));
    setNewColor("");
    setFieldError("newColor", null);
    setFieldError("colors", null);
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

  const busyUploading = Object.keys(uploads).length > 0;
  /** A field's message; the generic "fill in all required fields" names the field instead. */
  const fieldError = (field: string, label: string) =>
    errors[field] === ADMIN_PRODUCT_MESSAGES.required ? `${label} is required` : errors[field];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busyUploading) {
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
      const reply = await saveProduct(product?._id ?? null, body, sessionId.current);
      saved.current = true;
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

  const totalStock = values.sizes.reduce(
    (sum, s) => sum + (/^\d+$/.test(s.stock.trim()) ? Number(s.stock.trim()) : 0),
    0,
  );
  const colorImageOf = (color: string) =>
    values.colorImages.find((ci) => ci.color === color)?.imageUrl ?? "";

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
            {notice ? (
              <p
                role={notice.kind === "error" ? "alert" : "status"}
                className={cn(
                  "flex items-start gap-2 rounded-md border border-l-4 px-3 py-2 font-medium text-sm",
                  notice.kind === "error"
                    ? "border-destructive/30 border-l-destructive bg-destructive-soft"
                    : "border-success/30 border-l-success bg-success-soft",
                )}
              >
                {notice.kind === "error" ? (
                  <CircleAlert
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-destructive"
                  />
                ) : null}
                <span className="flex-1">{notice.text}</span>
                <button
                  type="button"
                  className="-my-1 grid size-7 place-items-center rounded text-muted-foreground hover:text-foreground"
                  aria-label="Dismiss message"
                  onClick={() => setNotice(null)}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </p>
            ) : null}
          </div>

          <Section title="Details" first>
            <Field label="Title" required error={fieldError("title", "Title")} id="product-title">
              <Input
                value={values.title}
                maxLength={200}
                onChange={(e) => set("title", e.target.value)}
              />
            </Field>
            <Field label="Description" error={errors.description} id="product-description">
              <Textarea
                rows={4}
                value={values.description}
                maxLength={5000}
                onChange={(e) => set("description", e.target.value)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                label="Price (₹)"
                required
                error={fieldError("price", "Price")}
                id="product-price"
              >
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={values.price}
                  onChange={(e) => set("price", e.target.value)}
                />
              </Field>
              <Field
                label="Gender"
                required
                error={fieldError("gender", "Gender")}
                id="product-gender"
              >
                <NativeSelect
                  value={values.gender}
                  onChange={(e) => set("gender", e.target.value as FormValues["gender"])}
                >
                  <SelectOptions options={valueOptions(GENDERS)} />
                </NativeSelect>
              </Field>
              <Field
                label="Low stock threshold"
                error={errors.lowStockThreshold}
                id="product-lowStockThreshold"
                hint="Low Stock at or below this"
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={values.lowStockThreshold}
                  onChange={(e) => set("lowStockThreshold", e.target.value)}
                />
              </Field>
            </div>
          </Section>

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

          <Section title="Categories">
            {categories.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                No categories yet: add them in the Categories tab.
              </p>
            ) : (
              <div id="product-categories" className="grid gap-x-4 gap-y-3 sm:grid-cols-3">
                {categories.map((category) => (
                  <Checkbox
                    key={category._id}
                    label={category.name}
                    checked={values.categories.includes(category._id)}
                    onCheckedChange={(checked) =>
                      set(
                        "categories",
                        checked === true
                          ? [...values.categories, category._id]
                          : values.categories.filter((id) => id !== category._id),
                      )
                    }
                  />
                ))}
              </div>
            )}
            <FieldError>{errors.categories}</FieldError>
          </Section>

          <Section
            title="Sizes and stock"
            description="Each size has its own stock; the product's stock is their sum."
          >
            <AddItemRow
              label="Add a size"
              id="product-newSize"
              value={newSize}
              maxLength={20}
              placeholder="e.g. M, XL or 32"
              error={errors.newSize}
              onValueChange={(v) => {
                setNewSize(v);
                setFieldError("newSize", null);
              }}
              onAdd={addSize}
              addLabel="Add size"
            />
            <div id="product-sizes" className="grid gap-2">
              {values.sizes.length === 0 ? (
                <p className="text-muted-foreground text-sm">No sizes yet.</p>
              ) : (
                <ul className="grid gap-2" aria-label="Sizes">
                  {values.sizes.map((row, index) => (
                    <li
                      key={row.key}
                      className="flex items-center gap-3 rounded-md border border-border bg-card px-3 py-2"
                    >
                      <span className="min-w-12 font-semibold">{row.size}</span>
                      <div className="ml-auto flex items-center gap-2 text-muted-foreground text-sm">
                        <span aria-hidden="true">Stock</span>
                        <Input
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step={1}
                          aria-label={`Stock of size ${row.size}`}
                          className="h-9 w-24"
                          aria-invalid={
                            errors.sizeStock && !/^\d+$/.test(row.stock.trim()) ? true : undefined
                          }
                          value={row.stock}
                          onChange={(e) => {
                            const sizes = [...values.sizes];
                            sizes[index] = { ...row, stock: e.target.value };
                            set("sizes", sizes);
                            setFieldError("sizeStock", null);
                          }}
                        />
                      </div>
                      <Button
                        size="icon-sm"
                        variant="ghost"
                        aria-label={`Remove size ${row.size}`}
                        onClick={() =>
                          set(
                            "sizes",
                            values.sizes.filter((s) => s.key !== row.key),
                          )
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <p className="text-muted-foreground text-sm">
                Total stock:{" "}
                <span className="font-semibold text-foreground tabular-nums">{totalStock}</span>
              </p>
              <FieldError>{errors.sizes ?? errors.sizeStock}</FieldError>
            </div>
          </Section>

          <Section
            title="Colours"
            description="The first colour is the default; each colour may have its own picture."
          >
            <AddItemRow
              label="Add a colour"
              id="product-newColor"
              value={newColor}
              maxLength={40}
              placeholder="e.g. Maroon"
              error={errors.newColor}
              onValueChange={(v) => {
                setNewColor(v);
                setFieldError("newColor", null);
              }}
              onAdd={addColor}
              addLabel="Add colour"
            />
            <div id="product-colors" className="grid gap-2">
              {values.colors.length === 0 ? (
                <p className="text-muted-foreground text-sm">No colours yet (optional).</p>
              ) : (
                <ul className="grid gap-3" aria-label="Colours">
                  {values.colors.map((color) => {
                    const isDefault = values.defaultColor === color;
                    return (
                      <li
                        key={color}
                        className="grid gap-2 rounded-md border border-border bg-card p-3"
                      >
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="font-semibold">{color}</span>
                          {isDefault ? (
                            <span className="rounded-full bg-gold-100 px-2 py-0.5 font-medium text-gold-900 text-xs">
                              Default
                            </span>
                          ) : (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => set("defaultColor", color)}
                            >
                              <Star aria-hidden="true" />
                              Make default
                            </Button>
                          )}
                          <Button
                            size="icon-sm"
                            variant="ghost"
                            className="ml-auto"
                            aria-label={`Remove colour ${color}`}
                            onClick={() => removeColor(color)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </div>
                        <ImageSlot
                          id={`product-color-${color.replace(/\W+/g, "-")}`}
                          label={`${color} image`}
                          slot={`color-${color}`}
                          compact
                          url={colorImageOf(color)}
                          upload={uploads[`color:${color}`]}
                          error={errors[`color:${color}`]}
                          onPick={(file) => void uploadColorImage(color, file)}
                          onRemove={() => {
                            discard(colorImageOf(color));
                            set(
                              "colorImages",
                              values.colorImages.filter((ci) => ci.color !== color),
                            );
                          }}
                        />
                      </li>
                    );
                  })}
                </ul>
              )}
              <FieldError>{errors.colors ?? errors.colorImages}</FieldError>
            </div>
          </Section>

          <Section title="Pictures">
            <ImageSlot
              id="product-imageUrl"
              label="Main image"
              slot="main"
              required
              url={values.imageUrl}
              upload={uploads.imageUrl}
              error={errors.imageUrl}
              hint="Shown on the product card and first on the product page."
              onPick={(file) => void replaceSingle("imageUrl", "product-image", file)}
              onRemove={() => {
                discard(values.imageUrl);
                set("imageUrl", "");
              }}
            />
            <div id="product-additionalImages" className="grid gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-sm">Additional images</span>
                <FilePickerButton
                  label="Choose additional images"
                  slot="additional"
                  multiple
                  onFiles={(files) => void uploadAdditional(files)}
                >
                  <Upload aria-hidden="true" />
                  Add images
                </FilePickerButton>
              </div>
              {values.additionalImages.length === 0 &&
              !Object.keys(uploads).some((k) => k.startsWith("additional:")) ? (
                <p className="text-muted-foreground text-sm">None yet (optional).</p>
              ) : (
                <ul
                  className="grid grid-cols-2 gap-3 sm:grid-cols-5"
                  aria-label="Additional images"
                >
                  {values.additionalImages.map((url, index) => (
                    <li key={url} className="grid min-w-0 gap-1.5">
                      <Thumbnail url={url} alt={`Additional image ${index + 1}`} />
                      <div className="flex justify-center gap-1">
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          aria-label={`Move image ${index + 1} earlier`}
                          disabled={index === 0}
                          onClick={() => moveAdditional(index, -1)}
                        >
                          <ArrowLeft aria-hidden="true" />
                        </Button>
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          aria-label={`Move image ${index + 1} later`}
                          disabled={index === values.additionalImages.length - 1}
                          onClick={() => moveAdditional(index, 1)}
                        >
                          <ArrowRight aria-hidden="true" />
                        </Button>
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          aria-label={`Remove image ${index + 1}`}
                          onClick={() => {
                            discard(url);
                            set(
                              "additionalImages",
                              values.additionalImages.filter((u) => u !== url),
                            );
                          }}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </li>
                  ))}
                  {Object.entries(uploads)
                    .filter(([key]) => key.startsWith("additional:"))
                    .map(([key, state]) => (
                      <li key={key} className="grid min-w-0 gap-1.5">
                        <Thumbnail url={state.preview} alt={`${state.name} being uploaded`} />
                        <UploadProgress label={state.name} progress={state.progress} />
                      </li>
                    ))}
                </ul>
              )}
              <FieldError>{errors.additionalImages}</FieldError>
            </div>
          </Section>

          <Section title="Hero">
            <Checkbox
              label="Feature as a hero product"
              description="Hero products appear in the home page's hero with their tagline."
              checked={values.isHero}
              onCheckedChange={(checked) => set("isHero", checked === true)}
            />
            {values.isHero ? (
              <div className="grid gap-4">
                <Field
                  label="Hero tagline"
                  required
                  error={errors.heroTagline}
                  id="product-heroTagline"
                >
                  <Input
                    value={values.heroTagline}
                    maxLength={200}
                    onChange={(e) => set("heroTagline", e.target.value)}
                  />
                </Field>
                <ImageSlot
                  id="product-heroImage"
                  label="Hero image"
                  slot="hero"
                  url={values.heroImage}
                  upload={uploads.heroImage}
                  error={errors.heroImage}
                  hint="Optional: the main image is used without one."
                  onPick={(file) => void replaceSingle("heroImage", "hero-image", file)}
                  onRemove={() => {
                    discard(values.heroImage);
                    set("heroImage", "");
                  }}
                />
              </div>
            ) : null}
          </Section>
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
            disabled={busyUploading}
            loadingText="Saving…"
          >
            {product ? "Save changes" : "Create product"}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** A text box and its Add button (Enter adds too): how the form adds a size or a colour. */
function AddItemRow(props: {
  label: string;
  id: string;
  value: string;
  maxLength: number;
  placeholder: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onAdd: () => void;
  addLabel: string;
}) {
  return (
    <div className="flex items-end gap-2">
      <Field label={props.label} error={props.error} id={props.id} className="flex-1">
        <Input
          value={props.value}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          onChange={(e) => props.onValueChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              props.onAdd();
            }
          }}
        />
      </Field>
      <Button variant="outline" onClick={props.onAdd} className={props.error ? "mb-7" : undefined}>
        <Plus aria-hidden="true" />
        {props.addLabel}
      </Button>
    </div>
  );
}
