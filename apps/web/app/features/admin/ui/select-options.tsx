import type * as React from "react";

/*
 * The <option>s of a filter or form select: first the "any" choice (when given), then one a
 * choice, so every tab's selects read the same.
 *
 *   <NativeSelect name="gender" defaultValue={filters.gender}>
 *     <SelectOptions any="All genders" options={valueOptions(GENDERS)} />
 *   </NativeSelect>
 */
export type SelectOption = { value: string | number; label: React.ReactNode };

export function SelectOptions({
  any,
  anyValue = "",
  options,
}: {
  /** The label of the first choice, the one that does not filter. */
  any?: string;
  anyValue?: string;
  options: readonly SelectOption[];
}) {
  return (
    <>
      {any === undefined ? null : <option value={anyValue}>{any}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** Choices whose value is also their label, or labelled by `label`. */
export const valueOptions = <T extends string | number>(
  values: readonly T[],
  label: (value: T) => React.ReactNode = (value) => value,
): SelectOption[] => values.map((value) => ({ value, label: label(value) }));

/** Choices from records with an id and a name (categories, products…). */
export const idOptions = <T extends { _id: string }>(
  items: readonly T[],
  label: (item: T) => React.ReactNode,
): SelectOption[] => items.map((item) => ({ value: item._id, label: label(item) }));
