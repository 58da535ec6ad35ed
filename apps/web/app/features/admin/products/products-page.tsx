/**
 * The Products tab: filters (search, gender, stock — kept in the URL), the product grid with
 * per-size stock figures and quick stock buttons, pagination, the add/edit modal and delete with
 * confirmation. Success and error banners come from the dashboard shell.
 */

import { STOCK_FILTERS } from "@vastra/contracts/admin-products";
import type { Product } from "@vastra/contracts/catalogue";
import { GENDERS } from "@vastra/contracts/catalogue";
import { FileUp, Plus, Search } from "lucide-react";
import * as React from "react";
import { Form, useLocation, useNavigation, useRevalidator, useSubmit } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { NativeSelect } from "~/components/ui/select";
import { formatPrice, plural } from "~/lib/format";
import { ExportProductsButton } from "../bulk/export-controls";
import { ImportProductsDialog } from "../bulk/import-dialog";
import { FitFigures } from "../size-charts/product-size-chart";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { useAdminBanner } from "../ui/banner";
import { useConfirm } from "../ui/confirm-dialog";
import { DeleteButton, EditButton } from "../ui/row-actions";
import { SelectOptions, valueOptions } from "../ui/select-options";
import { useAdminAction, useLoadErrorBanner } from "../ui/use-admin-action";
import { deleteProduct, PRODUCT_FALLBACKS } from "./api";
import { ADMIN_PRODUCTS_PER_PAGE, STOCK_FILTER_LABELS } from "./filters";
import { ProductFormDialog } from "./product-form-dialog";
import type { ProductsData } from "./products.server";
import { StockControl } from "./stock-control";

const STATUS_VARIANT = {
  "In Stock": "success",
  "Low Stock": "gold",
  "Out of Stock": "destructive",
} as const;

export function ProductsPage({ data }: { data: ProductsData }) {
  const banner = useAdminBanner();
  const confirm = useConfirm();
  const run = useAdminAction();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();
  const [editing, setEditing] = React.useState<{ product: Product | null; key: number } | null>(
    null,
  );
  const formKey = React.useRef(0);
  const [importing, setImporting] = React.useState(false);
  // Stock figures changed by the quick buttons, shown until the next load.
  const [updated, setUpdated] = React.useState<Record<string, Product>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load replaces the figures
  React.useEffect(() => setUpdated({}), [data]);

  useLoadErrorBanner(data.error);

  const { filters } = data;
  const pages = Math.max(1, Math.ceil(data.total / ADMIN_PRODUCTS_PER_PAGE));
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  /** Goes to the filters of the form (empty ones left out of the URL; back to page 1). */
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim()) params.set(key, value.trim());
    }
    submit(params, { method: "get", replace: true });
  };

  const open = (product: Product | null) => {
    formKey.current += 1;
    setEditing({ product, key: formKey.current });
  };

  async function remove(product: Product) {
    const yes = await confirm({
      title: `Delete ${product.title}?`,
      description:
        "It leaves the store at once, with its reviews. Orders that contain it keep their copy of it.",
      confirmLabel: "Delete product",
    });
    if (!yes) return;
    await run(() => deleteProduct(product._id), PRODUCT_FALLBACKS.delete);
  }

  return (
    <section aria-labelledby="products-heading" className="grid gap-6">
      <AdminSectionHeader
        id="products-heading"
        title="Products"
        live
        description={
          <>
            {plural(data.total, "product")}
            {filters.search || filters.gender || filters.stock ? " match the filters" : ""}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportProductsButton
              filters={{ search: filters.search, gender: filters.gender, stock: filters.stock }}
            />
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <FileUp aria-hidden="true" />
              Import CSV
            </Button>
            <Button onClick={() => open(null)}>
              <Plus aria-hidden="true" />
              Add product
            </Button>
          </div>
        }
      />

      <Form
        method="get"
        role="search"
        aria-label="Filter products"
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
        onChange={(event) => {
          // The selects apply at once; the search box on Enter or the button.
          if ((event.target as HTMLElement).tagName === "SELECT") apply(event.currentTarget);
        }}
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
        }}
      >
        <label className="grid gap-1.5 font-medium text-sm" htmlFor="product-search">
          Search
          <Input
            id="product-search"
            type="search"
            name="search"
            placeholder="Title, category, colour…"
            defaultValue={filters.search}
            key={filters.search}
            maxLength={200}
          />
        </label>
        <label className="grid gap-1.5 font-medium text-sm" htmlFor="product-gender-filter">
          Gender
          <NativeSelect
            id="product-gender-filter"
            name="gender"
            defaultValue={filters.gender}
            key={`g-${filters.gender}`}
          >
            <SelectOptions any="All genders" options={valueOptions(GENDERS)} />
          </NativeSelect>
        </label>
        <label className="grid gap-1.5 font-medium text-sm" htmlFor="product-stock-filter">
          Stock
          <NativeSelect
            id="product-stock-filter"
            name="stock"
            defaultValue={filters.stock}
            key={`s-${filters.stock}`}
          >
            <SelectOptions
              any="All stock levels"
              options={valueOptions(STOCK_FILTERS, (s) => STOCK_FILTER_LABELS[s])}
            />
          </NativeSelect>
        </label>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>

      {data.products.length === 0 ? (
        <div className="rounded-lg border border-border border-dashed bg-card px-6 py-12 text-center">
          <p className="font-medium">
            {filters.search || filters.gender || filters.stock
              ? "No products match these filters."
              : "No products yet."}
          </p>
          <p className="mt-1 text-muted-foreground text-sm">
            {filters.search || filters.gender || filters.stock
              ? "Try another search or clear a filter."
              : "Add the first one with Add product."}
          </p>
        </div>
      ) : (
        <ul
          aria-label="Products"
          aria-busy={loading || undefined}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {data.products.map((original) => {
            const product = updated[original._id] ?? original;
            return (
              <li
                key={product._id}
                aria-label={product.title}
                className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-border bg-card shadow-xs"
              >
                <div className="flex gap-3 p-3">
                  <ResponsiveImage
                    src={product.imageUrl}
                    alt=""
                    sizes="96px"
                    widths={[320]}
                    width={320}
                    className="aspect-[4/5] w-20 shrink-0 rounded-md bg-muted object-cover sm:w-24"
                  />
                  <div className="grid min-w-0 content-start gap-1">
                    <h3 className="line-clamp-2 font-semibold leading-snug">{product.title}</h3>
                    <p className="font-semibold text-primary">{formatPrice(product.price)}</p>
                    <p className="truncate text-muted-foreground text-xs">
                      {product.gender}
                      {product.category ? ` · ${product.category}` : ""}
                    </p>
                    {/* What the search matches besides the title (record 0041). */}
                    <p className="truncate text-muted-foreground text-xs" data-product-sku>
                      <span className="sr-only">SKU </span>
                      {product.sku}
                    </p>
                    {product.fabric ? (
                      <p className="line-clamp-2 text-muted-foreground text-xs" data-product-fabric>
                        <span className="sr-only">Fabric: </span>
                        {product.fabric}
                      </p>
                    ) : null}
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={STATUS_VARIANT[product.stockStatus]} data-stock-status>
                        {product.stockStatus}
                      </Badge>
                      {product.isHero ? <Badge variant="outline">Hero</Badge> : null}
                    </div>
                  </div>
                </div>
                <div className="grid gap-3 border-border border-t px-3 py-3">
                  <p className="text-sm">
                    Stock:{" "}
                    <span className="font-semibold tabular-nums" data-testid="total-stock">
                      {product.stock}
                    </span>
                    <span className="sr-only"> in all</span>
                  </p>
                  <ul
                    className="flex flex-wrap gap-1.5"
                    aria-label={`Stock by size of ${product.title}`}
                  >
                    {product.sizeStock.map((s) => (
                      <li
                        key={s.size}
                        className={
                          s.stock === 0
                            ? "rounded border border-destructive/30 bg-destructive-soft px-1.5 py-0.5 text-xs tabular-nums"
                            : "rounded border border-border bg-muted/60 px-1.5 py-0.5 text-xs tabular-nums"
                        }
                      >
                        {s.size}: {s.stock}
                      </li>
                    ))}
                  </ul>
                  <FitFigures fit={product.fit} compact />
                  <StockControl
                    product={product}
                    onUpdated={(next, message) => {
                      setUpdated((u) => ({ ...u, [next._id]: next }));
                      banner.success(message);
                    }}
                    onFailed={(message) => banner.error(message)}
                  />
                </div>
                <div className="mt-auto flex gap-2 border-border border-t bg-muted/30 px-3 py-2">
                  <EditButton label={`Edit ${product.title}`} onClick={() => open(product)} />
                  <DeleteButton
                    label={`Delete ${product.title}`}
                    className="ml-auto"
                    onClick={() => void remove(product)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Pagination page={filters.page} pages={pages} search={location.search} />

      <ImportProductsDialog
        open={importing}
        onOpenChange={setImporting}
        onImported={(message) => {
          banner.success(message);
          revalidator.revalidate();
        }}
      />

      <ProductFormDialog
        open={editing !== null}
        formKey={editing?.key ?? 0}
        product={editing?.product ?? null}
        categories={data.categories}
        onOpenChange={(next) => {
          if (!next) setEditing(null);
        }}
        onSaved={(product, message) => {
          setEditing(null);
          banner.success(message);
          setUpdated((u) => ({ ...u, [product._id]: product }));
          revalidator.revalidate();
        }}
      />
    </section>
  );
}
