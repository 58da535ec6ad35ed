import {
  type AdminCategory,
  CATEGORY_MESSAGES,
  CATEGORY_NAME_MAX,
  type CategoryDeleteReply,
  type CategoryReply,
  categoryDeleteEffect,
  normalizeCategoryName,
} from "@vastra/contracts/categories";
import { Check, Plus, Tags, X } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { CategorySizeChartButton } from "../size-charts/category-size-chart";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useAdminBanner } from "../ui/banner";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DeleteButton, EditButton } from "../ui/row-actions";
import { messageOf, useLoadErrorBanner } from "../ui/use-admin-action";
import type { CategoriesData } from "./categories.server";

const productsLabel = (n: number) =>
  n === 1 ? "1 product" : `${n.toLocaleString("en-IN")} products`;

/**
 * The Categories tab (admin.md §2): the list with product counts, a form to add one, inline
 * renaming and deleting after a confirmation that says what happens to the category's products.
 */
export function CategoriesPage({ data }: { data: CategoriesData }) {
  const { categories, error } = data;
  const revalidator = useRevalidator();
  useLoadErrorBanner(error);

  return (
    <section aria-labelledby="categories-heading" className="grid max-w-3xl gap-6">
      <AdminSectionHeader
        id="categories-heading"
        title="Categories"
        description={`${categories.length === 1 ? "1 category" : `${categories.length} categories`}. Products can belong to several.`}
      />

      <AddCategoryForm onAdded={() => revalidator.revalidate()} />

      {error && categories.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {CATEGORY_MESSAGES.fetchFailed}. Please reload the page.
        </p>
      ) : categories.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No categories yet. Add the first one above.
        </p>
      ) : (
        <ul
          aria-label="Categories"
          className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-card"
        >
          {categories.map((category) => (
            <CategoryRow
              key={category._id}
              category={category}
              onChanged={() => revalidator.revalidate()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddCategoryForm({ onAdded }: { onAdded: () => void }) {
  const banner = useAdminBanner();
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!normalizeCategoryName(name)) {
      setError(CATEGORY_MESSAGES.required);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const reply = await apiJson<CategoryReply>(browserFetch, "/api/categories", {
        method: "POST",
        body: { name },
        fallback: CATEGORY_MESSAGES.addFailed,
      });
      if (!reply?.category) throw new ApiError(0, {}, CATEGORY_MESSAGES.invalidResponse);
      setName("");
      setError(null);
      banner.success(reply.message);
      onAdded();
    } catch (e) {
      const message = messageOf(e, CATEGORY_MESSAGES.addFailed);
      setError(e instanceof ApiError && e.errors.name ? e.errors.name : message);
      banner.error(message);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a category"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-start"
    >
      <Field label="New category" error={error} className="flex-1" required>
        <Input
          ref={input}
          name="name"
          value={name}
          maxLength={CATEGORY_NAME_MAX + 10}
          placeholder="e.g. Kurta Sets"
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <Button type="submit" loading={busy} className="sm:mt-7">
        <Plus aria-hidden="true" />
        Add category
      </Button>
    </form>
  );
}

function CategoryRow({ category, onChanged }: { category: AdminCategory; onChanged: () => void }) {
  const banner = useAdminBanner();
  const [editing, setEditing] = React.useState(false);
  const [name, setName] = React.useState(category.name);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const errorId = React.useId();

  React.useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const stopEditing = () => {
    setEditing(false);
    setError(null);
    setName(category.name);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCategoryName(name);
    if (!normalized) {
      setError(CATEGORY_MESSAGES.required);
      input.current?.focus();
      return;
    }
    if (normalized === category.name) {
      stopEditing();
      return;
    }
    setBusy(true);
    try {
      const reply = await apiJson<CategoryReply>(browserFetch, `/api/categories/${category._id}`, {
        method: "PUT",
        body: { name },
        fallback: CATEGORY_MESSAGES.updateFailed,
      });
      if (!reply?.category) throw new ApiError(0, {}, CATEGORY_MESSAGES.invalidResponse);
      banner.success(reply.message);
      setEditing(false);
      setError(null);
      onChanged();
      requestAnimationFrame(() => editButton.current?.focus());
    } catch (e) {
      const message = messageOf(e, CATEGORY_MESSAGES.updateFailed);
      setError(e instanceof ApiError && e.errors.name ? e.errors.name : message);
      banner.error(message);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      const reply = await apiJson<CategoryDeleteReply>(
        browserFetch,
        `/api/categories/${category._id}`,
        { method: "DELETE", fallback: CATEGORY_MESSAGES.deleteFailed },
      );
      const products =
        reply.productCount > 0
          ? ` ${productsLabel(reply.productCount)} no longer ${reply.productCount === 1 ? "lists" : "list"} it and stay${reply.productCount === 1 ? "s" : ""} on sale.`
          : "";
      banner.success(`${reply.message}${products}`);
      onChanged();
    } catch (e) {
      banner.error(messageOf(e, CATEGORY_MESSAGES.deleteFailed));
    }
  };

  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
      data-testid="category-row"
    >
      {editing ? (
        <form
          onSubmit={save}
          noValidate
          aria-label={`Rename ${category.name}`}
          className="flex flex-1 flex-col gap-2"
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              stopEditing();
            }
          }}
        >
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <label htmlFor={`${errorId}-input`} className="sr-only">
              Category name
            </label>
            <Input
              id={`${errorId}-input`}
              ref={input}
              value={name}
              required
              maxLength={CATEGORY_NAME_MAX + 10}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              className="sm:max-w-sm"
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={busy}>
                <Check aria-hidden="true" />
                Save
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={stopEditing} disabled={busy}>
                <X aria-hidden="true" />
                Cancel
              </Button>
            </div>
          </div>
          <FieldError id={errorId}>{error}</FieldError>
        </form>
      ) : (
        <>
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
            <Tags aria-hidden="true" className="size-4 shrink-0 text-gold-700" />
            <span className="min-w-0 break-words font-medium">{category.name}</span>
            <Badge variant={category.productCount > 0 ? "gold" : "outline"}>
              {productsLabel(category.productCount)}
            </Badge>
          </div>
          <div className="flex flex-wrap gap-2">
            <CategorySizeChartButton id={category._id} name={category.name} />
            <EditButton
              ref={editButton}
              label={`Edit ${category.name}`}
              onClick={() => setEditing(true)}
            />
            <DeleteButton label={`Delete ${category.name}`} onClick={() => setConfirming(true)} />
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${category.name}”?`}
        description={`${categoryDeleteEffect(category.productCount)} Advertisements that filter on it keep running without that filter. This cannot be undone.`}
        confirmLabel="Delete category"
        onConfirm={remove}
      />
    </li>
  );
}
