/**
 * The quick stock buttons of one product card (admin.md §2, decisions.md §3): pick a size, type a
 * whole number, then Add, Subtract or Set. Numbers only; the server refuses going below 0.
 */
import { ADMIN_PRODUCT_MESSAGES, type StockOperation } from "@vastra/contracts/admin-products";
import type { Product } from "@vastra/contracts/catalogue";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ApiError } from "~/lib/api";
import { PRODUCT_FALLBACKS, updateStock } from "./api";

const WHOLE = /^\d+$/;

export function StockControl({
  product,
  onUpdated,
  onFailed,
}: {
  product: Product;
  onUpdated: (product: Product, message: string) => void;
  onFailed: (message: string) => void;
}) {
  const [size, setSize] = React.useState(product.sizeStock[0]?.size ?? "");
  const [amount, setAmount] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState<StockOperation | null>(null);
  const id = React.useId();
  if (product.sizeStock.length === 0) return null;
  const chosen = product.sizeStock.some((s) => s.size === size) ? size : product.sizeStock[0]!.size;

  async function run(operation: StockOperation) {
    const text = amount.trim();
    if (!WHOLE.test(text)) {
      setError(ADMIN_PRODUCT_MESSAGES.stockNumber);
      return;
    }
    setError(null);
    setBusy(operation);
    try {
      const reply = await updateStock(product._id, {
        stock: Number(text),
        operation,
        size: chosen,
      });
      setAmount("");
      onUpdated(reply.product, reply.message);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : PRODUCT_FALLBACKS.stock;
      setError(message);
      onFailed(message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset
      aria-label={`Quick stock for ${product.title}`}
      className="m-0 grid min-w-0 gap-2 border-0 p-0"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2">
        <label className="grid gap-1 text-muted-foreground text-xs" htmlFor={`${id}-size`}>
          Size
          <NativeSelect
            id={`${id}-size`}
            value={chosen}
            onChange={(e) => setSize(e.target.value)}
            className="[&_select]:h-9 [&_select]:text-sm"
          >
            {product.sizeStock.map((s) => (
              <option key={s.size} value={s.size}>
                {s.size} ({s.stock})
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-muted-foreground text-xs" htmlFor={`${id}-amount`}>
          Quantity
          <Input
            id={`${id}-amount`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            className="h-9 text-sm"
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              // Numbers only (admin.md §5): anything else is not typed in at all.
              setAmount(e.target.value.replace(/\D+/g, "").slice(0, 7));
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void run("set");
              }
            }}
          />
        </label>
      </div>
      <div className="grid grid-cols-3 gap-1.5">
        <Button
          size="sm"
          variant="outline"
          className="px-2"
          loading={busy === "add"}
          disabled={busy !== null}
          onClick={() => void run("add")}
        >
          Add
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="px-2"
          loading={busy === "subtract"}
          disabled={busy !== null}
          onClick={() => void run("subtract")}
        >
          Subtract
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="px-2"
          loading={busy === "set"}
          disabled={busy !== null}
          onClick={() => void run("set")}
        >
          Set
        </Button>
      </div>
      <FieldError id={error ? `${id}-error` : undefined}>{error}</FieldError>
    </fieldset>
  );
}
