import { Search } from "lucide-react";
import type * as React from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export type SearchFormProps = {
  /** id of the text field (the visually hidden label points at it). */
  inputId: string;
  /** Called after the search navigated (e.g. to close the panel or menu). */
  onSearched?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  /** Narrow spaces (the mobile menu): an icon submit button and a shorter placeholder. */
  compact?: boolean;
  className?: string;
};

/**
 * The product search: goes to /products?search=… (or /products when empty). A plain GET form
 * underneath, so it also works before the page's scripts have loaded.
 */
export function SearchForm({
  inputId,
  onSearched,
  inputRef,
  compact = false,
  className,
}: SearchFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === "/products" ? (params.get("search") ?? "") : "";

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    navigate(query ? `/products?${new URLSearchParams({ search: query })}` : "/products");
    onSearched?.();
  }

  return (
    <search className={className}>
      <form action="/products" method="get" onSubmit={onSubmit} className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            key={current}
            ref={inputRef}
            id={inputId}
            name="search"
            type="search"
            defaultValue={current}
            placeholder={compact ? "Sarees, kurtas…" : "Search sarees, kurtas…"}
            autoComplete="off"
            enterKeyHint="search"
            className="pl-9"
          />
        </div>
        {compact ? (
          <Button type="submit" size="icon" aria-label="Search">
            <Search aria-hidden="true" className="size-5" />
          </Button>
        ) : (
          <Button type="submit">Search</Button>
        )}
      </form>
    </search>
  );
}
