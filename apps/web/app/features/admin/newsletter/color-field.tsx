import * as React from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour as #rrggbb text with a swatch picker beside it (both change the same value). */
export function ColorField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const id = React.useId();
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value : "#000000"}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
        />
      </div>
    </Field>
  );
}
