/**
 * The product form's Sizes and stock section: the row that adds a size (refusing a blank or a
 * repeated one), each size with its stock box and Remove button, and the total stock.
 */
import { ADMIN_PRODUCT_MESSAGES, sameLabel } from "@vastra/contracts/admin-products";
import { Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { type SizeRow, sizeRow } from "./form-values";
import { AddItemRow, Section, type SetFieldError } from "./product-form-parts";

export function ProductSizesFields({
  sizes,
  onChange,
  errors,
  setFieldError,
}: {
  sizes: SizeRow[];
  onChange: (sizes: SizeRow[]) => void;
  /** Reads newSize, sizes and sizeStock. */
  errors: Record<string, string>;
  setFieldError: SetFieldError;
}) {
  const [newSize, setNewSize] = React.useState("");

  function addSize() {
    const size = newSize.trim();
    if (!size) {
      setFieldError("newSize", "Type a size first, e.g. M or 32");
      return;
    }
    if (sizes.some((s) => sameLabel(s.size, size))) {
      setFieldError("newSize", ADMIN_PRODUCT_MESSAGES.duplicateSize(size));
      return;
    }
    onChange([...sizes, sizeRow(size, "0")]);
    setNewSize("");
    setFieldError("newSize", null);
  }

  const totalStock = sizes.reduce(
    (sum, s) => sum + (/^\d+$/.test(s.stock.trim()) ? Number(s.stock.trim()) : 0),
    0,
  );

  return (
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
        {sizes.length === 0 ? (
          <p className="text-muted-foreground text-sm">No sizes yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Sizes">
            {sizes.map((row, index) => (
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
                      const next = [...sizes];
                      next[index] = { ...row, stock: e.target.value };
                      onChange(next);
                      setFieldError("sizeStock", null);
                    }}
                  />
                </div>
                <Button
                  size="icon-sm"
                  variant="ghost"
                  aria-label={`Remove size ${row.size}`}
                  onClick={() => onChange(sizes.filter((s) => s.key !== row.key))}
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
  );
}
