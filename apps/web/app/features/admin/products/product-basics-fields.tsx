/**
 * The product form's basics: the Details section (title, description, price, gender, low stock
 * threshold) and the Categories section.
 */
import { type Category, GENDERS } from "@vastra/contracts/catalogue";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { SelectOptions, valueOptions } from "../ui/select-options";
import type { FormValues } from "./form-values";
import { fieldMessage, Section, type SetField } from "./product-form-parts";

type DetailsKey = "title" | "description" | "price" | "gender" | "lowStockThreshold";

export function ProductDetailsFields({
  values,
  onChange,
  errors,
}: {
  values: Pick<FormValues, DetailsKey>;
  onChange: SetField<DetailsKey>;
  errors: Record<string, string>;
}) {
  return (
    <Section title="Details" first>
      <Field
        label="Title"
        required
        error={fieldMessage(errors, "title", "Title")}
        id="product-title"
      >
        <Input
          value={values.title}
          maxLength={200}
          onChange={(e) => onChange("title", e.target.value)}
        />
      </Field>
      <Field label="Description" error={errors.description} id="product-description">
        <Textarea
          rows={4}
          value={values.description}
          maxLength={5000}
          onChange={(e) => onChange("description", e.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Price (₹)"
          required
          error={fieldMessage(errors, "price", "Price")}
          id="product-price"
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.price}
            onChange={(e) => onChange("price", e.target.value)}
          />
        </Field>
        <Field
          label="Gender"
          required
          error={fieldMessage(errors, "gender", "Gender")}
          id="product-gender"
        >
          <NativeSelect
            value={values.gender}
            onChange={(e) => onChange("gender", e.target.value as FormValues["gender"])}
          >
            <SelectOptions options={valueOptions(GENDERS)} />
          </NativeSelect>
        </Field>
        <Field
          label="Low stock threshold"
          error={errors.lowStockThreshold}
          id="product-lowStockThreshold"
          hint="Low Stock at or below this"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.lowStockThreshold}
            onChange={(e) => onChange("lowStockThreshold", e.target.value)}
          />
        </Field>
      </div>
    </Section>
  );
}

export function ProductCategoriesFields({
  categories,
  selected,
  onChange,
  error,
}: {
  categories: Category[];
  /** The ids of the chosen categories. */
  selected: string[];
  onChange: (selected: string[]) => void;
  error: string | undefined;
}) {
  return (
    <Section title="Categories">
      {categories.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No categories yet: add them in the Categories tab.
        </p>
      ) : (
        <div id="product-categories" className="grid gap-x-4 gap-y-3 sm:grid-cols-3">
          {categories.map((category) => (
            <Checkbox
              key={category._id}
              label={category.name}
              checked={selected.includes(category._id)}
              onCheckedChange={(checked) =>
                onChange(
                  checked === true
                    ? [...selected, category._id]
                    : selected.filter((id) => id !== category._id),
                )
              }
            />
          ))}
        </div>
      )}
      <FieldError>{error}</FieldError>
    </Section>
  );
}
