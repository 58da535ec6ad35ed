import { PRODUCT_SORTS } from "@vastra/contracts/catalogue-options";
import { LayoutGrid, List, PackageSearch, SlidersHorizontal, X } from "lucide-react";
import * as React from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from "~/components/ui/drawer";
import { NativeSelect } from "~/components/ui/native-select";
import { Pagination } from "~/components/ui/pagination";
import { plural } from "~/lib/format";
import type { ProductSummary } from "~/lib/product";
import {
  activeFilterCount,
  filterValues,
  type ListFilters,
  PRICE_RANGE_LABELS,
  readFilters,
  SORT_LABELS,
  useListSearch,
  useSetListSearch,
  withoutFilters,
  withParam,
  withToggledValue,
} from "./filters";
import { ProductCard } from "./product-card";
import { categoryNames, type FilterOptions, FilterPanel } from "./product-filters";

/** Cards the list lays out at once (two rows of two on a phone, a row and a half on a desktop). */
const ABOVE_THE_FOLD = 4;

export type ProductListPageProps = {
  products: ProductSummary[];
  total: number;
  options: FilterOptions;
};

/** The heading of the list: the category, the search, or all collections. */
export function listHeading(filters: ListFilters, options: Pick<FilterOptions, "categories">) {
  const category = categoryNames(filters.category, options.categories).join(", ");
  if (filters.search) return `Results for “${filters.search}”`;
  if (category) return category;
  return "All collections";
}

/**
 * Product list (/products and /shop): filter sidebar (a drawer on small screens), result count,
 * sort, grid/list toggle, product cards and pagination. Everything follows the query string.
 */
export function ProductListPage({ products, total, options }: ProductListPageProps) {
  const search = useListSearch();
  const setSearch = useSetListSearch();
  const navigation = useNavigation();
  const location = useLocation();
  const filters = readFilters(new URLSearchParams(search));
  const pages = Math.max(1, Math.ceil(total / filters.limit));
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const heading = listHeading(filters, options);
  const activeCount = activeFilterCount(filters);
  const count = plural(total, "product");

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 sm:px-6 md:pt-10 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="underline-offset-4 hover:text-primary hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <span aria-current="page" className="text-foreground">
              Collections
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-4 flex flex-col gap-2 border-b border-border pb-6 md:mt-6">
        <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-gold-700 uppercase">
          <span aria-hidden="true" className="h-px w-8 bg-gold-500" />
          Shop Vastra
        </p>
        <h1 className="font-display text-4xl leading-tight font-semibold text-foreground sm:text-5xl">
          {heading}
        </h1>
      </header>

      <div className="mt-6 lg:mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 xl:gap-12">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="sr-only">
            Filters
          </h2>
          <FilterPanel search={search} onChange={setSearch} options={options} />
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <FilterDrawer
              search={search}
              onChange={setSearch}
              options={options}
              activeCount={activeCount}
              count={count}
            />
            <p
              role="status"
              className="order-first w-full text-sm text-muted-foreground sm:order-none sm:w-auto"
            >
              <span className="font-medium text-foreground">{count}</span>
            </p>
            <div className="ml-auto flex items-center gap-3">
              <label
                htmlFor="product-sort"
                className="hidden text-sm text-muted-foreground sm:block"
              >
                Sort by
              </label>
              <NativeSelect
                id="product-sort"
                aria-label="Sort by"
                value={filters.sort}
                onChange={(event) =>
                  setSearch(withParam(search, "sort", event.target.value || null))
                }
                className="w-44 sm:w-52"
              >
                <option value="">Featured</option>
                {PRODUCT_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </NativeSelect>
              <ViewToggle search={search} onChange={setSearch} view={filters.view} />
            </div>
          </div>

          <ActiveFilters filters={filters} search={search} onChange={setSearch} options={options} />

          <div
            aria-busy={loading || undefined}
            className={cn("mt-6 transition-opacity", loading && "opacity-60")}
          >
            {products.length === 0 && total > 0 ? (
              <PastLastPage search={search} />
            ) : products.length === 0 ? (
              <EmptyState search={search} />
            ) : (
              <ul
                className={cn(
                  filters.view === "list"
                    ? "grid grid-cols-1 gap-4"
                    : "grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:gap-6",
                )}
              >
                {products.map((product, i) => (
                  <li
                    key={product._id}
                    className={cn(
                      "flex",
                      // Cards below the first rows are laid out and painted only when scrolled
                      // near: a phone's first paint does not wait for all 24. Only their height
                      // is guessed: a guessed width would widen the list view's column.
                      i >= ABOVE_THE_FOLD &&
                        "[content-visibility:auto] [contain-intrinsic-block-size:auto_30rem]",
                    )}
                  >
                    <div className="flex w-full flex-col [&>article]:flex-1">
                      <ProductCard product={product} view={filters.view} priority={i < 2} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <Pagination page={Math.min(filters.page, pages)} pages={pages} search={search} />
        </section>
      </div>
    </div>
  );
}

function FilterDrawer({
  search,
  onChange,
  options,
  activeCount,
  count,
}: {
  search: string;
  onChange: (search: string) => void;
  options: FilterOptions;
  activeCount: number;
  count: string;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <DrawerTrigger asChild>
        <Button variant="outline" size="md" className="lg:hidden">
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {activeCount > 0 ? (
            <span className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-xs text-primary-foreground">
              {activeCount}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </Button>
      </DrawerTrigger>
      <DrawerContent
        side="left"
        // The drawer itself takes focus: a phone's keyboard should not pop up over the filters.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DrawerHeader>
          <DrawerTitle>Filters</DrawerTitle>
          <DrawerDescription>The results update as you choose.</DrawerDescription>
        </DrawerHeader>
        <DrawerBody>
          <FilterPanel search={search} onChange={onChange} options={options} />
        </DrawerBody>
        <DrawerFooter>
          <DrawerClose asChild>
            <Button>Show {count}</Button>
          </DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}

function ViewToggle({
  search,
  onChange,
  view,
}: {
  search: string;
  onChange: (search: string) => void;
  view: "grid" | "list";
}) {
  const button = (value: "grid" | "list", label: string, Icon: typeof List) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-pressed={view === value}
      onClick={() => onChange(withParam(search, "view", value === "list" ? "list" : null))}
      className={cn(view === value && "bg-muted text-primary")}
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  );
  return (
    <fieldset className="hidden items-center gap-1 lg:flex">
      <legend className="sr-only">Layout</legend>
      {button("grid", "Grid view", LayoutGrid)}
      {button("list", "List view", List)}
    </fieldset>
  );
}

function ActiveFilters({
  filters,
  search,
  onChange,
  options,
}: {
  filters: ListFilters;
  search: string;
  onChange: (search: string) => void;
  options: FilterOptions;
}) {
  const chips: Array<{ key: string; label: string; next?: string }> = [];
  if (filters.search) chips.push({ key: "search", label: `“${filters.search}”` });
  // One chip per value of the many-valued filters (record 0041): each removes its own value.
  const values = (key: "category" | "size" | "color", label: (value: string) => string) => {
    for (const value of filterValues(filters[key])) {
      chips.push({
        key: `${key}:${value}`,
        label: label(value),
        next: withToggledValue(search, key, value, false),
      });
    }
  };
  values("category", (v) => categoryNames(v, options.categories)[0] ?? v);
  values("size", (v) => `Size ${v}`);
  values("color", (v) => v);
  if (filters.gender) chips.push({ key: "gender", label: filters.gender });
  if (filters.inStock) chips.push({ key: "inStock", label: "In stock" });
  if (filters.priceRange) {
    chips.push({ key: "priceRange", label: PRICE_RANGE_LABELS[filters.priceRange] });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="mt-4 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.next ?? withParam(search, chip.key, null))}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-card py-1 pr-2.5 pl-3 text-sm transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {chip.label}
            <X aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(remove filter)</span>
          </button>
        </li>
      ))}
      <li>
        <Link
          to={{ search: withoutFilters(search) }}
          replace
          preventScrollReset
          className="inline-flex min-h-9 items-center px-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Clear all
        </Link>
      </li>
    </ul>
  );
}

function EmptyState({ search }: { search: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border bg-card px-6 py-16 text-center">
      <PackageSearch aria-hidden="true" className="size-12 text-gold-600" strokeWidth={1.25} />
      <h3 className="mt-4 font-display text-3xl font-semibold text-foreground">
        No products found
      </h3>
      <p className="mt-2 max-w-sm text-muted-foreground">
        Nothing matches these filters just now. Try another search, or clear the filters to see the
        whole collection.
      </p>
      <Button asChild className="mt-6">
        <Link to={{ search: withoutFilters(search) }} replace preventScrollReset>
          Clear filters
        </Link>
      </Button>
    </div>
  );
}

/** A page number past the last page (an old link): back to the first page of the same filters. */
function PastLastPage({ search }: { search: string }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border bg-card px-6 py-16 text-center">
      <h3 className="font-display text-3xl font-semibold text-foreground">This page is empty</h3>
      <p className="mt-2 max-w-sm text-muted-foreground">
        There are fewer products now than when this link was made.
      </p>
      <Button asChild className="mt-6">
        <Link to={{ search: withParam(search, "page", null) }}>Go to the first page</Link>
      </Button>
    </div>
  );
}
