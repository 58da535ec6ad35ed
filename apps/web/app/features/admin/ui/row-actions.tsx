import { Pencil, Trash2 } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/*
 * The small "Edit" and "Delete" buttons of a list row or card (categories, products, ads,
 * reviews). The visible text stays "Edit"/"Delete"; `label` is the accessible name that says
 * what they act on ("Edit Silk saree").
 *
 *   <EditButton label={`Edit ${product.title}`} onClick={() => open(product)} />
 *   <DeleteButton label={`Delete ${product.title}`} onClick={() => void remove(product)} />
 */
type RowActionProps = Omit<ButtonProps, "children" | "size" | "variant" | "aria-label"> & {
  /** The accessible name (aria-label). */
  label: string;
};

export function EditButton({ label, ...props }: RowActionProps) {
  return (
    <Button size="sm" variant="ghost" aria-label={label} {...props}>
      <Pencil aria-hidden="true" />
      Edit
    </Button>
  );
}

export function DeleteButton({ label, className, ...props }: RowActionProps) {
  return (
    <Button
      size="sm"
      variant="ghost"
      className={cn("text-destructive hover:text-destructive", className)}
      aria-label={label}
      {...props}
    >
      <Trash2 aria-hidden="true" />
      Delete
    </Button>
  );
}
