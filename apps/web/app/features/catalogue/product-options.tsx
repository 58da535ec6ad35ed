import { Minus, Plus } from "lucide-react";
import * as React from "react";
import { cn } from "~/components/ui/cn";
import { FieldError } from "~/components/ui/field";
import { swatchFor } from "~/lib/format";

const legendClass = "text-sm font-medium text-foreground";

/** Native radios drawn as chips: arrow keys move between them, the form of a radio group is kept. */
const chipClass = cn(
  "relative inline-flex min-h-11 min-w-12 cursor-pointer items-center justify-center gap-2 rounded-md border px-3.5 text-sm font-medium transition-colors select-none",
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
);

export function ColorChooser({
  colors,
  value,
  onChange,
}: {
  colors: string[];
  value: string | null;
  onChange: (color: string) => void;
}) {
  const name = React.useId();
  if (colors.length === 0) return null;
  return (
    <fieldset>
      <legend className={legendClass}>
        Colour: <span className="font-normal text-muted-foreground">{value ?? "Choose"}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {colors.map((color) => {
          const checked = color === value;
          const swatch = swatchFor(color);
          return (
            <label
              key={color}
              className={cn(
                chipClass,
                checked
                  ? "border-primary bg-maroon-50 text-primary ring-1 ring-primary"
                  : "border-input bg-card text-foreground hover:border-primary",
              )}
            >
              <input
                type="radio"
                name={name}
                value={color}
                checked={checked}
                onChange={() => onChange(color)}
                className="sr-only"
              />
              {swatch ? (
                <span
                  aria-hidden="true"
                  className="size-5 rounded-full border border-foreground/25"
                  style={{ background: swatch }}
                />
              ) : null}
              {color}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function SizeChooser({
  sizes,
  value,
  onChange,
  error,
  lowStockThreshold,
}: {
  sizes: Array<{ size: string; stock: number }>;
  value: string | null;
  onChange: (size: string) => void;
  error?: string | null;
  lowStockThreshold: number;
}) {
  const name = React.useId();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const chosen = sizes.find((s) => s.size === value);
  if (sizes.length === 0) return null;
  return (
    <fieldset aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(" ")}>
      <legend className={legendClass}>
        Size: <span className="font-normal text-muted-foreground">{value ?? "Choose a size"}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {sizes.map(({ size, stock }) => {
          const soldOut = stock <= 0;
          const checked = size === value;
          return (
            <label
              key={size}
              className={cn(
                chipClass,
                soldOut
                  ? "cursor-not-allowed border-dashed border-border bg-muted text-muted-foreground line-through decoration-1"
                  : checked
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-card text-foreground hover:border-primary hover:text-primary",
                error && !soldOut && !checked && "border-destructive",
              )}
            >
              <input
                type="radio"
                name={name}
                value={size}
                checked={checked}
                disabled={soldOut}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(size)}
                className="sr-only"
              />
              {size}
              {soldOut ? <span className="sr-only"> (sold out)</span> : null}
            </label>
          );
        })}
      </div>
      <p id={hintId} className="mt-2 min-h-5 text-sm text-muted-foreground">
        {chosen
          ? chosen.stock <= lowStockThreshold
            ? `Only ${chosen.stock} left in size ${chosen.size}`
            : `In stock in size ${chosen.size}`
          : sizes.every((s) => s.stock <= 0)
            ? "Every size is sold out"
            : sizes.some((s) => s.stock <= 0)
              ? "Struck-through sizes are sold out"
              : null}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}

/** − [n] + with the limits 1 and `max` (the chosen size's stock). */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = React.useId();
  const [text, setText] = React.useState(String(value));
  React.useEffect(() => setText(String(value)), [value]);
  const upper = Math.max(1, max);
  const commit = (raw: string) => {
    const n = Math.floor(Number(raw));
    const next = Number.isFinite(n) ? Math.min(Math.max(1, n), upper) : value;
    setText(String(next));
    onChange(next);
  };
  const step =
    "grid size-11 place-items-center text-foreground transition-colors hover:bg-muted hover:text-primary disabled:pointer-events-none disabled:opacity-40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring";
  return (
    <div className="grid gap-3">
      <label htmlFor={id} className={legendClass}>
        Quantity
      </label>
      <div className="inline-flex w-fit items-center rounded-md border border-input bg-card">
        <button
          type="button"
          aria-label="Decrease quantity"
          aria-controls={id}
          className={cn(step, "rounded-l-md")}
          disabled={disabled || value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={upper}
          step={1}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            const n = Number(event.target.value);
            if (Number.isInteger(n) && n >= 1) onChange(n);
          }}
          onBlur={(event) => commit(event.target.value)}
          className="h-11 w-14 border-x border-input bg-transparent text-center text-base font-medium tabular-nums [appearance:textfield] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          aria-controls={id}
          className={cn(step, "rounded-r-md")}
          disabled={disabled || value >= upper}
          onClick={() => onChange(Math.min(upper, value + 1))}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
