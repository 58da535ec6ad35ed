/**
 * The product form's Colours section: the row that adds a colour (refusing a blank or a repeated
 * one), each colour with its Default badge or Make default button, its Remove button and its own
 * picture.
 */
import { ADMIN_PRODUCT_MESSAGES, sameLabel } from "@vastra/contracts/admin-products";
import { Star, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import type { FormValues } from "./form-values";
import { ImageSlot, type UploadState } from "./image-slot";
import { AddItemRow, Section, type SetFieldError } from "./product-form-parts";

export function ProductColoursFields({
  colors,
  defaultColor,
  colorImages,
  uploads,
  errors,
  setFieldError,
  onAdd,
  onRemove,
  onMakeDefault,
  onPickImage,
  onRemoveImage,
}: {
  colors: string[];
  defaultColor: string | null;
  colorImages: FormValues["colorImages"];
  /** Uploads in progress, by slot (`color:<colour>`). */
  uploads: Record<string, UploadState>;
  /** Reads newColor, colors, colorImages and `color:<colour>`. */
  errors: Record<string, string>;
  setFieldError: SetFieldError;
  /** Adds a colour already checked as new and not blank. */
  onAdd: (color: string) => void;
  onRemove: (color: string) => void;
  onMakeDefault: (color: string) => void;
  onPickImage: (color: string, file: File) => void;
  onRemoveImage: (color: string) => void;
}) {
  const [newColor, setNewColor] = React.useState("");

  function addColor() {
    const color = newColor.trim();
    if (!color) {
      setFieldError("newColor", "Type a colour first, e.g. Maroon");
      return;
    }
    if (colors.some((c) => sameLabel(c, color))) {
      setFieldError("newColor", ADMIN_PRODUCT_MESSAGES.duplicateColor(color));
      return;
    }
    onAdd(color);
    setNewColor("");
    setFieldError("newColor", null);
    setFieldError("colors", null);
  }

  const colorImageOf = (color: string) =>
    colorImages.find((ci) => ci.color === color)?.imageUrl ?? "";

  return (
    <Section
      title="Colours"
      description="The first colour is the default; each colour may have its own picture."
    >
      <AddItemRow
        label="Add a colour"
        id="product-newColor"
        value={newColor}
        maxLength={40}
        placeholder="e.g. Maroon"
        error={errors.newColor}
        onValueChange={(v) => {
          setNewColor(v);
          setFieldError("newColor", null);
        }}
        onAdd={addColor}
        addLabel="Add colour"
      />
      <div id="product-colors" className="grid gap-2">
        {colors.length === 0 ? (
          <p className="text-muted-foreground text-sm">No colours yet (optional).</p>
        ) : (
          <ul className="grid gap-3" aria-label="Colours">
            {colors.map((color) => {
              const isDefault = defaultColor === color;
              return (
                <li key={color} className="grid gap-2 rounded-md border border-border bg-card p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{color}</span>
                    {isDefault ? (
                      <span className="rounded-full bg-gold-100 px-2 py-0.5 font-medium text-gold-900 text-xs">
                        Default
                      </span>
                    ) : (
                      <Button size="sm" variant="ghost" onClick={() => onMakeDefault(color)}>
                        <Star aria-hidden="true" />
                        Make default
                      </Button>
                    )}
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      className="ml-auto"
                      aria-label={`Remove colour ${color}`}
                      onClick={() => onRemove(color)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <ImageSlot
                    id={`product-color-${color.replace(/\W+/g, "-")}`}
                    label={`${color} image`}
                    slot={`color-${color}`}
                    compact
                    url={colorImageOf(color)}
                    upload={uploads[`color:${color}`]}
                    error={errors[`color:${color}`]}
                    onPick={(file) => onPickImage(color, file)}
                    onRemove={() => onRemoveImage(color)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <FieldError>{errors.colors ?? errors.colorImages}</FieldError>
      </div>
    </Section>
  );
}
