import { cn } from "./cn";

/**
 * Home / Office / Other as three pill-shaped radio buttons (a plain form field `addressType`, so it
 * posts without JavaScript): the checkout's address and the address book's form. The types and
 * their labels come from the caller (contracts), so this shell component carries no schemas.
 */
export function AddressTypeChooser<Type extends string>({
  legend,
  types,
  labels,
  value,
  onChange,
}: {
  legend: string;
  types: readonly Type[];
  labels: Record<Type, string>;
  value: string;
  onChange: (type: Type) => void;
}) {
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {types.map((type) => (
          <label
            key={type}
            className={cn(
              "inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              value === type
                ? "border-primary bg-maroon-50 text-primary"
                : "border-input bg-card text-foreground hover:border-foreground/60",
            )}
          >
            <input
              type="radio"
              name="addressType"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="size-4 accent-primary"
            />
            {labels[type]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
