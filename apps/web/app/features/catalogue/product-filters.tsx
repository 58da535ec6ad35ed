import type { Category } from "@vastra/contracts/catalogue";
import { GENDERS, PRICE_RANGES } from "@vastra/contracts/catalogue-options";
import { Search, X } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { cn } from "~/components/ui/cn";
import { Input } from "~/components/ui/input";
import { swatchFor } from "~/lib/format";
import {
  activeFilterCount,
  filterValues,
  PRICE_RANGE_LABELS,
  readFilters,
  withoutFilters,
  withParam,
  withToggledValue,
} from "./filters";

export type FilterOptions = {
  categories: Category[];
  sizes: string[];
  colors: string[];
};

/** Whether a category filter value (an id or a name) means this category. */
export function isCategory(value: string, category: Category): boolean {
  return value === category._id || value.toLowerCase() === category.name.toLowerCase();
}

/** The names of the categories a (comma-joined) category filter names, unknown values as given. */
export function categoryNames(value: string, categories: Category[]): string[] {
  return filterValues(value).map((v) => categories.find((c) => isCategory(v, c))?.name ?? v);
}

/** How the filter names a category: by name, or by id when the name has a comma. */
const categoryValue = (c: Category) => (c.name.includes(",") ? c._id : c.name);

type PanelProps = {
  /** The list's current query string ("?…" or ""). */
  search: string;
  /** Sets a new query string (replacing the history entry). */
  onChange: (search: string) => void;
  options: FilterOptions;
  className?: string;
};

/**
 * The filters: search, category, size, colour, gender, in stock and price range. Every control
 * changes the query string at once (the results follow); it is the sidebar on desktop and the
 * body of the filter drawer on small screens.
 */
export function FilterPanel({ search, onChange, options, className }: PanelProps) {
  const filters = readFilters(new URLSearchParams(search));
  const set = (key: string, value: string | null) => onChange(withParam(search, key, value));
  const id = React.useId();

  return (
    <div className={cn("flex flex-col gap-7", className)}>
      <SearchField
        key={filters.search}
        initial={filters.search}
        id={`${id}-search`}
        onSearch={(value) => set("search", value || null)}
      />

      {options.categories.length > 0 ? (
        <CheckboxGroup
          legend="Category"
          layout="list"
          isChecked={(value) =>
            filterValues(filters.category).some((v) => {
              const c = options.categories.find((x) => categoryValue(x) === value);
              return c ? isCategory(v, c) : false;
            })
          }
          options={options.categories.map((c) => ({ value: categoryValue(c), label: c.name }))}
          onToggle={(value, on) => onChange(withToggledValue(search, "category", value, on))}
        />
      ) : null}

      {options.sizes.length > 0 ? (
        <CheckboxGroup
          legend="Size"
          isChecked={(value) => hasValue(filters.size, value)}
          options={options.sizes.map((s) => ({ value: s, label: s }))}
          onToggle={(value, on) => onChange(withToggledValue(search, "size", value, on))}
        />
      ) : null}

      {options.colors.length > 0 ? (
        <CheckboxGroup
          legend="Colour"
          isChecked={(value) => hasValue(filters.color, value)}
          options={options.colors.map((c) => ({ value: c, label: c, swatch: swatchFor(c) }))}
          onToggle={(value, on) => onChange(withToggledValue(search, "color", value, on))}
        />
      ) : null}

      <RadioGroup
        legend="Gender"
        name={`${id}-gender`}
        value={filters.gender}
        options={[{ value: "", label: "All" }, ...GENDERS.map((g) => ({ value: g, label: g }))]}
        onChange={(value) => set("gender", value || null)}
      />

      <fieldset className="grid gap-3">
        <legend className={legendClass}>Availability</legend>
        <Checkbox
          id={`${id}-in-stock`}
          label="In stock only"
          checked={filters.inStock}
          onCheckedChange={(checked) => set("inStock", checked === true ? "true" : null)}
        />
      </fieldset>

      <RadioGroup
        legend="Price"
        name={`${id}-price`}
        value={filters.priceRange}
        options={[
          { value: "", label: "Any price" },
          ...PRICE_RANGES.map((r) => ({ value: r, label: PRICE_RANGE_LABELS[r] })),
        ]}
        onChange={(value) => set("priceRange", value || null)}
      />

      {activeFilterCount(filters) > 0 ? (
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to={{ search: withoutFilters(search) }} replace preventScrollReset>
            <X aria-hidden="true" />
            Clear all filters
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

const legendClass = "mb-3 text-xs font-semibold tracking-[0.16em] text-muted-foreground uppercase";

function SearchField({
  initial,
  id,
  onSearch,
}: {
  initial: string;
  id: string;
  onSearch: (value: string) => void;
}) {
  const [value, setValue] = React.useState(initial);
  return (
    <search>
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(value.trim());
        }}
      >
        <label htmlFor={id} className={cn(legendClass, "mb-1")}>
          Search
        </label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Input
              id={id}
              type="search"
              name="search"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder="Kurta, saree, silk…"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={200}
              className="pr-3"
            />
          </div>
          <Button type="submit" variant="secondary" size="icon" aria-label="Search">
            <Search aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </form>
    </search>
  );
}

type Option = { value: string; label: string; swatch?: string | undefined };

/** A list of native radio buttons (arrow keys move between them). */
function RadioGroup({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className={legendClass}>{legend}</legend>
      <div className="grid gap-0.5">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value || "all"}
              className={cn(
                "flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 text-sm transition-colors hover:bg-muted",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                checked ? "font-medium text-primary" : "text-foreground",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Whether a (comma-joined) filter value holds this value, ignoring case. */
const hasValue = (list: string, value: string) =>
  filterValues(list).some((v) => v.toLowerCase() === value.toLowerCase());

/**
 * Native checkboxes, several on at once (record 0041): a product with any of them is shown. As
 * chips (sizes, colours) or as a list (categories).
 */
function CheckboxGroup({
  legend,
  options,
  isChecked,
  onToggle,
  layout = "chips",
}: {
  legend: string;
  options: Option[];
  isChecked: (value: string) => boolean;
  onToggle: (value: string, on: boolean) => void;
  layout?: "chips" | "list";
}) {
  const chips = layout === "chips";
  return (
    <fieldset data-filter-group={legend}>
      <legend className={legendClass}>{legend}</legend>
      <ul className={chips ? "flex flex-wrap gap-2" : "grid gap-0.5"}>
        {options.map((option) => {
          const checked = isChecked(option.value);
          return (
            <li key={option.value}>
              <label
                className={cn(
                  "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  chips
                    ? cn(
                        "inline-flex min-h-10 min-w-11 items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors",
                        checked
                          ? "border-primary bg-primary text-primary-foreground"
                          : "border-input bg-card text-foreground hover:border-primary hover:text-primary",
                      )
                    : cn(
                        "flex min-h-10 items-center gap-3 rounded-md px-2 text-sm transition-colors hover:bg-muted",
                        checked ? "font-medium text-primary" : "text-foreground",
                      ),
                )}
              >
                <input
                  type="checkbox"
                  value={option.value}
                  checked={checked}
                  onChange={(event) => onToggle(option.value, event.target.checked)}
                  className={chips ? "sr-only" : "size-4 shrink-0 accent-primary outline-none"}
                />
                {option.swatch ? (
                  <span
                    aria-hidden="true"
                    className="size-4 shrink-0 rounded-full border border-foreground/25"
                    style={{ background: option.swatch }}
                  />
                ) : null}
                {option.label}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
