import {
  AD_BUTTON_TEXT_MAX,
  AD_DEFAULT_BUTTON_TEXT,
  AD_DEFAULT_TARGET,
  AD_DESCRIPTION_MAX,
  AD_MESSAGES,
  AD_PRICE_RANGE_LABELS,
  AD_PRIORITY_MAX,
  AD_PRIORITY_MIN,
  AD_SORT_LABELS,
  AD_TARGET_PAGES,
  AD_TITLE_MAX,
  type AdReply,
  type AdTargetPage,
  type Advertisement,
  adErrorMessage,
  adFormErrors,
  adLinkFor,
} from "@vastra/contracts/ads";
import { type Category, GENDERS, PRODUCT_SORTS } from "@vastra/contracts/catalogue";
import { ExternalLink, ImageUp } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/components/ui/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { DialogFormFooter } from "../ui/dialog-form-footer";
import { FormErrorSummary } from "../ui/form-error-summary";
import { idOptions, SelectOptions, valueOptions } from "../ui/select-options";
import { cleanupUploadSession, newUploadSession, uploadAdImage } from "./upload";

type FormState = {
  title: string;
  description: string;
  imageUrl: string;
  buttonText: string;
  targetPage: AdTargetPage;
  category: string;
  gender: string;
  priceRange: string;
  sortBy: string;
  customUrl: string;
  priority: string;
  isActive: boolean;
  /** The 'product' target's product id. */
  product: string;
  /** The window: India calendar days (YYYY-MM-DD), empty for open. */
  startDate: string;
  endDate: string;
};

const TARGETS = new Set<string>(AD_TARGET_PAGES.map((t) => t.value));

function initialState(ad: Advertisement | null): FormState {
  if (!ad) {
    return {
      title: "",
      description: "",
      imageUrl: "",
      buttonText: AD_DEFAULT_BUTTON_TEXT,
      targetPage: AD_DEFAULT_TARGET,
      category: "",
      gender: "",
      priceRange: "any",
      sortBy: "",
      customUrl: "",
      priority: String(AD_PRIORITY_MIN),
      isActive: true,
      product: "",
      startDate: "",
      endDate: "",
    };
  }
  // A target this form does not know (an older ad) is kept as its custom link.
  const known = TARGETS.has(ad.targetPage);
  return {
    title: ad.title,
    description: ad.description,
    imageUrl: ad.imageUrl,
    buttonText: ad.buttonText,
    targetPage: known ? (ad.targetPage as AdTargetPage) : "custom",
    category: ad.shopFilters.category ?? "",
    gender: ad.shopFilters.gender ?? "",
    priceRange: ad.shopFilters.priceRange ?? "any",
    sortBy: ad.shopFilters.sortBy ?? "",
    customUrl: known && ad.targetPage !== "custom" ? "" : ad.buttonLink,
    priority: String(ad.priority),
    isActive: ad.isActive,
    product: ad.shopFilters.product ?? "",
    startDate: ad.startDate ?? "",
    endDate: ad.endDate ?? "",
  };
}

const filtersOf = (s: FormState) => ({
  category: s.category,
  gender: s.gender,
  priceRange: s.priceRange,
  sortBy: s.sortBy,
  product: s.product,
});

/** The shop filters a target sends: its own picker's value only. */
function sentFilters(s: FormState) {
  if (s.targetPage === "shop-filters") {
    return { category: s.category, gender: s.gender, priceRange: s.priceRange, sortBy: s.sortBy };
  }
  if (s.targetPage === "category") return { category: s.category };
  if (s.targetPage === "product") return { product: s.product };
  return {};
}

export type AdFormTarget = { mode: "create" } | { mode: "edit"; ad: Advertisement };

/**
 * The add/edit modal (admin.md §2, §3, §5): title, description, image (uploaded, with progress,
 * or an image already in the store), button text, target page with the shop-filter builder or a
 * custom URL, priority 1-10 and active. Each opening is an upload session; closing or saving
 * cleans up its unsaved uploads.
 */
export function AdFormDialog({
  target,
  categories,
  onClose,
  onSaved,
}: {
  target: AdFormTarget | null;
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}) {
  // The form shown: kept while the dialog animates closed, so it does not empty first. Each
  // opening is a new upload session, cleaned up when the dialog closes (or the page goes).
  const [shown, setShown] = React.useState<{ target: AdFormTarget; session: string } | null>(null);
  if (target && target !== shown?.target) setShown({ target, session: newUploadSession() });
  const open = target !== null;
  const session = shown?.session;
  React.useEffect(() => {
    if (!open || !session) return;
    return () => cleanupUploadSession(session);
  }, [open, session]);

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-2xl" onInteractOutside={(e) => e.preventDefault()}>
        {shown ? (
          <AdForm
            key={shown.session}
            ad={shown.target.mode === "edit" ? shown.target.ad : null}
            categories={categories}
            session={shown.session}
            onSaved={() => {
              onClose();
              onSaved();
            }}
          />
        ) : (
          <DialogTitle className="sr-only">Advertisement</DialogTitle>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AdForm({
  ad,
  categories,
  session,
  onSaved,
}: {
  ad: Advertisement | null;
  categories: Category[];
  session: string;
  onSaved: () => void;
}) {
  const banner = useAdminBanner();
  const [state, setState] = React.useState<FormState>(() => initialState(ad));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  /** The form's message (admin.md §5), shown in the dialog: the page's banner is behind it. */
  const [formError, setFormError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [progress, setProgress] = React.useState<number | null>(null);
  /** The picture just chosen, shown at once from the file itself (and its name by the field). */
  const [picked, setPicked] = React.useState<{
    url: string;
    name: string;
    imageUrl: string;
  } | null>(null);
  React.useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  const formRef = React.useRef<HTMLFormElement>(null);
  const ids = React.useId();

  const set = <K extends keyof FormState>(key: K, value: FormState[K], errorKey: string = key) => {
    setState((s) => ({ ...s, [key]: value }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _, ...rest }) => rest);
  };

  const link = adLinkFor(state.targetPage, filtersOf(state), state.customUrl);
  const categoryName = categories.find((c) => c._id === state.category)?.name;

  const upload = async (file: File) => {
    if (!file.type.startsWith("image/")) {
      setErrors((e) => ({ ...e, imageUrl: "Please choose an image file" }));
      return;
    }
    setProgress(0);
    const local = URL.createObjectURL(file);
    try {
      const url = await uploadAdImage(file, session, setProgress);
      setPicked({ url: local, name: file.name, imageUrl: url });
      set("imageUrl", url);
      banner.success(AD_MESSAGES.uploaded);
    } catch (e) {
      URL.revokeObjectURL(local);
      const message = e instanceof Error ? e.message : AD_MESSAGES.uploadFailed;
      setErrors((x) => ({ ...x, imageUrl: message }));
    } finally {
      setProgress(null);
    }
  };

  const focusFirstError = (found: Record<string, string>) => {
    const first = Object.keys(found)[0];
    if (!first) return;
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      el?.focus();
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = adFormErrors({
      title: state.title,
      imageUrl: state.imageUrl,
      targetPage: state.targetPage,
      buttonLink: state.customUrl,
      category: state.category,
      product: state.product,
      startDate: state.startDate,
      endDate: state.endDate,
    });
    if (found["shopFilters.category"]) found.category = found["shopFilters.category"];
    if (found["shopFilters.product"]) found.product = found["shopFilters.product"];
    delete found["shopFilters.category"];
    delete found["shopFilters.product"];
    const priority = Number(state.priority);
    if (
      !/^\d+$/.test(state.priority.trim()) ||
      priority < AD_PRIORITY_MIN ||
      priority > AD_PRIORITY_MAX
    ) {
      found.priority = AD_MESSAGES.priority;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFormError(adErrorMessage(found));
      focusFirstError(found);
      return;
    }
    setFormError(null);
    setBusy(true);
    try {
      const reply = await apiJson<AdReply>(
        browserFetch,
        ad ? `/api/admin/advertisements/${ad._id}` : "/api/admin/advertisements",
        {
          method: ad ? "PUT" : "POST",
          fallback: AD_MESSAGES.saveFailed,
          body: {
            title: state.title,
            description: state.description,
            imageUrl: state.imageUrl,
            buttonText: state.buttonText,
            targetPage: state.targetPage,
            shopFilters: sentFilters(state),
            buttonLink: state.targetPage === "custom" ? state.customUrl : "",
            isActive: state.isActive,
            priority,
            startDate: state.startDate,
            endDate: state.endDate,
          },
        },
      );
      banner.success(reply.message);
      onSaved();
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? { ...e.errors } : {};
      if (fieldErrors["shopFilters.category"])
        fieldErrors.category = fieldErrors["shopFilters.category"];
      if (fieldErrors["shopFilters.product"])
        fieldErrors.product = fieldErrors["shopFilters.product"];
      if (fieldErrors.buttonLink) fieldErrors.customUrl = fieldErrors.buttonLink;
      setErrors(fieldErrors);
      setFormError(e instanceof ApiError ? e.message : AD_MESSAGES.saveFailed);
      focusFirstError(fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  const customError = errors.customUrl ?? errors.buttonLink;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{ad ? "Edit advertisement" : "Add advertisement"}</DialogTitle>
        <DialogDescription>
          The home page shows the four active ads with the lowest priority number.
        </DialogDescription>
      </DialogHeader>

      <Field label="Title" error={errors.title} required>
        <Input
          data-field="title"
          value={state.title}
          maxLength={AD_TITLE_MAX}
          onChange={(e) => set("title", e.target.value)}
        />
      </Field>
      <Field label="Description" error={errors.description}>
        <Textarea
          rows={3}
          value={state.description}
          maxLength={AD_DESCRIPTION_MAX}
          onChange={(e) => set("description", e.target.value)}
        />
      </Field>

      <fieldset className="grid gap-3 rounded-md border border-border p-4">
        <legend className="px-1 font-medium text-sm">
          Image{" "}
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </legend>
        <div className="flex gap-4">
          <div className="w-20 shrink-0 sm:w-28">
            {picked && picked.imageUrl === state.imageUrl ? (
              <img
                src={picked.url}
                alt={`The uploaded picture, ${picked.name}`}
                data-testid="ad-image-preview"
                className="aspect-[4/5] w-full rounded-md border border-border object-cover"
              />
            ) : state.imageUrl ? (
              <ResponsiveImage
                data-testid="ad-image-preview"
                src={state.imageUrl}
                alt="Chosen advertisement image"
                sizes="112px"
                widths={[320]}
                width={112}
                className="aspect-[4/5] w-full rounded-md border border-border object-cover"
              />
            ) : (
              <div className="grid aspect-[4/5] w-full place-items-center rounded-md border border-dashed border-border text-muted-foreground">
                <ImageUp aria-hidden="true" className="size-8" />
              </div>
            )}
          </div>
          <div className="grid min-w-0 flex-1 gap-3">
            <Field label="Upload an image" hint="JPEG, PNG, WebP or AVIF, at most 10 MB.">
              <Input
                type="file"
                accept="image/*"
                disabled={progress !== null}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void upload(file);
                  e.target.value = "";
                }}
                className="h-auto cursor-pointer py-2"
              />
            </Field>
            {picked && picked.imageUrl === state.imageUrl && progress === null ? (
              <p className="break-all text-muted-foreground text-xs" data-testid="ad-image-name">
                Uploaded: {picked.name}
              </p>
            ) : null}
            {progress !== null ? (
              <div className="grid gap-1">
                <div
                  role="progressbar"
                  aria-label="Uploading image"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${progress}%` }}
                  />
                </div>
                <p className="text-muted-foreground text-xs">Uploading… {progress}%</p>
              </div>
            ) : null}
            <Field label="Or an image already in the store" error={errors.imageUrl}>
              <Input
                data-field="imageUrl"
                value={state.imageUrl}
                placeholder="/images/…"
                onChange={(e) => set("imageUrl", e.target.value)}
              />
            </Field>
          </div>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Button text"
          error={errors.buttonText}
          hint={`Empty means “${AD_DEFAULT_BUTTON_TEXT}”.`}
        >
          <Input
            value={state.buttonText}
            maxLength={AD_BUTTON_TEXT_MAX}
            onChange={(e) => set("buttonText", e.target.value)}
          />
        </Field>
        <Field label="Target page" error={errors.targetPage}>
          <NativeSelect
            value={state.targetPage}
            onChange={(e) => set("targetPage", e.target.value as AdTargetPage)}
          >
            {AD_TARGET_PAGES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
                {t.path ? ` (${t.path})` : ""}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      {state.targetPage === "shop-filters" ? (
        <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
          <legend className="px-1 font-medium text-sm">Shop filters</legend>
          <Field label="Category" error={errors.category}>
            <NativeSelect
              data-field="category"
              value={state.category}
              onChange={(e) => set("category", e.target.value)}
            >
              <SelectOptions any="Any category" options={idOptions(categories, (c) => c.name)} />
            </NativeSelect>
          </Field>
          <Field label="Gender">
            <NativeSelect value={state.gender} onChange={(e) => set("gender", e.target.value)}>
              <SelectOptions any="Any gender" options={valueOptions(GENDERS)} />
            </NativeSelect>
          </Field>
          <Field label="Price range">
            <NativeSelect
              value={state.priceRange}
              onChange={(e) => set("priceRange", e.target.value)}
            >
              {Object.entries(AD_PRICE_RANGE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Sort">
            <NativeSelect value={state.sortBy} onChange={(e) => set("sortBy", e.target.value)}>
              <SelectOptions
                any="Default order"
                options={valueOptions(PRODUCT_SORTS, (s) => AD_SORT_LABELS[s])}
              />
            </NativeSelect>
          </Field>
        </fieldset>
      ) : null}

      {state.targetPage === "category" ? (
        <Field label="Category" error={errors.category} required>
          <NativeSelect
            data-field="category"
            value={state.category}
            onChange={(e) => set("category", e.target.value)}
          >
            <SelectOptions any="Choose a category" options={idOptions(categories, (c) => c.name)} />
          </NativeSelect>
        </Field>
      ) : null}

      {state.targetPage === "product" ? (
        <ProductPicker
          value={state.product}
          error={errors.product}
          onChange={(id) => set("product", id)}
        />
      ) : null}

      {state.targetPage === "custom" ? (
        <Field
          label="Custom URL"
          error={customError}
          required
          hint="A path on this site (/contact) or a full address (https://…). Full addresses open in a new tab."
        >
          <Input
            data-field="customUrl"
            value={state.customUrl}
            inputMode="url"
            placeholder="/contact or https://…"
            onChange={(e) => set("customUrl", e.target.value, "customUrl")}
          />
        </Field>
      ) : null}

      <p
        id={`${ids}-link`}
        className="flex flex-wrap items-center gap-x-2 rounded-md bg-muted px-3 py-2 text-sm"
      >
        <ExternalLink aria-hidden="true" className="size-4 text-muted-foreground" />
        <span className="text-muted-foreground">The button opens</span>
        <code className="break-all font-mono text-foreground text-xs">{link || "—"}</code>
        {(state.targetPage === "shop-filters" || state.targetPage === "category") &&
        categoryName ? (
          <span className="text-muted-foreground">({categoryName})</span>
        ) : null}
      </p>

      <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
        <legend className="px-1 font-medium text-sm">Show on the home page (India time)</legend>
        <Field label="First day" error={errors.startDate} hint="From 00:00 IST. Empty: from now.">
          <Input
            data-field="startDate"
            type="date"
            value={state.startDate}
            onChange={(e) => set("startDate", e.target.value)}
          />
        </Field>
        <Field label="Last day" error={errors.endDate} hint="Until 23:59 IST. Empty: no end.">
          <Input
            data-field="endDate"
            type="date"
            value={state.endDate}
            min={state.startDate || undefined}
            onChange={(e) => set("endDate", e.target.value)}
          />
        </Field>
      </fieldset>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field
          label="Priority"
          error={errors.priority}
          hint={`${AD_PRIORITY_MIN} shows first, ${AD_PRIORITY_MAX} last.`}
        >
          <Input
            data-field="priority"
            type="number"
            inputMode="numeric"
            min={AD_PRIORITY_MIN}
            max={AD_PRIORITY_MAX}
            step={1}
            value={state.priority}
            onChange={(e) => set("priority", e.target.value)}
          />
        </Field>
        <div className="sm:pt-8">
          <Checkbox
            label="Active"
            description="Active ads can show on the home page."
            checked={state.isActive}
            onCheckedChange={(checked) => set("isActive", checked === true)}
          />
        </div>
      </div>

      <FormErrorSummary>{formError}</FormErrorSummary>

      <DialogFormFooter
        busy={busy}
        submitLabel={ad ? "Save changes" : "Create advertisement"}
        submitDisabled={progress !== null}
      />
    </form>
  );
}

type ProductHit = { _id: string; title: string; imageUrl: string };

/**
 * The 'product' target's picker (record 0042): search the catalogue by title and choose one; the
 * button then opens that product's page. The chosen product's title is shown (read back when an
 * ad is edited).
 */
function ProductPicker({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  const [query, setQuery] = React.useState("");
  const [hits, setHits] = React.useState<ProductHit[] | null>(null);
  const [chosen, setChosen] = React.useState<ProductHit | null>(null);
  const [searching, setSearching] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const listId = React.useId();

  // An edited ad's product: its title, read once.
  React.useEffect(() => {
    if (!value || chosen?._id === value) return;
    let stop = false;
    apiJson<ProductHit>(browserFetch, `/api/products/${encodeURIComponent(value)}`)
      .then((p) => {
        if (!stop) setChosen({ _id: p._id, title: p.title, imageUrl: p.imageUrl });
      })
      .catch(() => {
        if (!stop)
          setChosen({ _id: value, title: "A product no longer in the shop", imageUrl: "" });
      });
    return () => {
      stop = true;
    };
  }, [value, chosen?._id]);

  const search = async () => {
    const term = query.trim();
    if (!term) return;
    setSearching(true);
    setProblem(null);
    try {
      const list = await apiJson<ProductHit[]>(
        browserFetch,
        `/api/products?${new URLSearchParams({ search: term, limit: "8" })}`,
      );
      setHits(list);
    } catch {
      setProblem("The search failed. Please try again.");
    } finally {
      setSearching(false);
    }
  };

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 font-medium text-sm">
        Product{" "}
        <span className="text-destructive" aria-hidden="true">
          *
        </span>
        <span className="sr-only"> (required)</span>
      </legend>
      {chosen && value ? (
        <p className="flex items-center gap-2 text-sm" data-testid="chosen-product">
          <span className="text-muted-foreground">Opens</span>
          <span className="font-medium">{chosen.title}</span>
        </p>
      ) : null}
      <Field label="Search products by title" error={error}>
        <div className="flex gap-2">
          <Input
            data-field="product"
            type="search"
            value={query}
            placeholder="e.g. Banarasi saree"
            aria-controls={listId}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void search();
              }
            }}
          />
          <Button type="button" variant="outline" loading={searching} onClick={() => void search()}>
            Search
          </Button>
        </div>
      </Field>
      {problem ? <p className="text-destructive text-sm">{problem}</p> : null}
      <ul id={listId} aria-label="Matching products" className="grid gap-1">
        {hits?.length === 0 ? (
          <li className="text-muted-foreground text-sm">No product matches “{query.trim()}”.</li>
        ) : null}
        {hits?.map((p) => (
          <li key={p._id}>
            <button
              type="button"
              aria-pressed={p._id === value}
              onClick={() => {
                setChosen(p);
                onChange(p._id);
              }}
              className={cn(
                "flex w-full items-center gap-3 rounded-md border px-2 py-1.5 text-left text-sm hover:bg-muted",
                p._id === value ? "border-primary bg-muted" : "border-border",
              )}
            >
              <ResponsiveImage
                src={p.imageUrl}
                alt=""
                sizes="40px"
                widths={[320]}
                width={40}
                fallback="logo"
                className="aspect-[4/5] w-10 shrink-0 rounded object-cover"
              />
              <span className="min-w-0 flex-1 truncate">{p.title}</span>
              {p._id === value ? <span className="text-primary text-xs">Chosen</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
