/**
 * The product form's pictures: the Pictures section (the main image, and the additional images
 * with their order, uploads in progress and Remove buttons) and the Hero section (the hero
 * checkbox, then its tagline and picture).
 */
import { ArrowLeft, ArrowRight, Trash2, Upload } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  FilePickerButton,
  ImageSlot,
  Thumbnail,
  UploadProgress,
  type UploadState,
} from "./image-slot";
import { Section, type SetField } from "./product-form-parts";

export function ProductPicturesFields({
  imageUrl,
  additionalImages,
  uploads,
  errors,
  onPickMain,
  onRemoveMain,
  onAddAdditional,
  onMoveAdditional,
  onRemoveAdditional,
}: {
  imageUrl: string;
  additionalImages: string[];
  /** Uploads in progress, by slot (`imageUrl`, `additional:<n>`). */
  uploads: Record<string, UploadState>;
  /** Reads imageUrl and additionalImages. */
  errors: Record<string, string>;
  onPickMain: (file: File) => void;
  onRemoveMain: () => void;
  onAddAdditional: (files: File[]) => void;
  onMoveAdditional: (index: number, by: -1 | 1) => void;
  onRemoveAdditional: (url: string) => void;
}) {
  const additionalUploads = Object.entries(uploads).filter(([key]) =>
    key.startsWith("additional:"),
  );
  return (
    <Section title="Pictures">
      <ImageSlot
        id="product-imageUrl"
        label="Main image"
        slot="main"
        required
        url={imageUrl}
        upload={uploads.imageUrl}
        error={errors.imageUrl}
        hint="Shown on the product card and first on the product page."
        onPick={onPickMain}
        onRemove={onRemoveMain}
      />
      <div id="product-additionalImages" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium text-sm">Additional images</span>
          <FilePickerButton
            label="Choose additional images"
            slot="additional"
            multiple
            onFiles={onAddAdditional}
          >
            <Upload aria-hidden="true" />
            Add images
          </FilePickerButton>
        </div>
        {additionalImages.length === 0 && additionalUploads.length === 0 ? (
          <p className="text-muted-foreground text-sm">None yet (optional).</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Additional images">
            {additionalImages.map((url, index) => (
              <li key={url} className="grid min-w-0 gap-1.5">
                <Thumbnail url={url} alt={`Additional image ${index + 1}`} />
                <div className="flex justify-center gap-1">
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={`Move image ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => onMoveAdditional(index, -1)}
                  >
                    <ArrowLeft aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={`Move image ${index + 1} later`}
                    disabled={index === additionalImages.length - 1}
                    onClick={() => onMoveAdditional(index, 1)}
                  >
                    <ArrowRight aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    aria-label={`Remove image ${index + 1}`}
                    onClick={() => onRemoveAdditional(url)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
            {additionalUploads.map(([key, state]) => (
              <li key={key} className="grid min-w-0 gap-1.5">
                <Thumbnail url={state.preview} alt={`${state.name} being uploaded`} />
                <UploadProgress label={state.name} progress={state.progress} />
              </li>
            ))}
          </ul>
        )}
        <FieldError>{errors.additionalImages}</FieldError>
      </div>
    </Section>
  );
}

export function ProductHeroFields({
  isHero,
  heroTagline,
  heroImage,
  upload,
  errors,
  onChange,
  onPickImage,
  onRemoveImage,
}: {
  isHero: boolean;
  heroTagline: string;
  heroImage: string;
  /** The hero picture's upload in progress, if any. */
  upload: UploadState | undefined;
  /** Reads heroTagline and heroImage. */
  errors: Record<string, string>;
  onChange: SetField<"isHero" | "heroTagline">;
  onPickImage: (file: File) => void;
  onRemoveImage: () => void;
}) {
  return (
    <Section title="Hero">
      <Checkbox
        label="Feature as a hero product"
        description="Hero products appear in the home page's hero with their tagline."
        checked={isHero}
        onCheckedChange={(checked) => onChange("isHero", checked === true)}
      />
      {isHero ? (
        <div className="grid gap-4">
          <Field label="Hero tagline" required error={errors.heroTagline} id="product-heroTagline">
            <Input
              value={heroTagline}
              maxLength={200}
              onChange={(e) => onChange("heroTagline", e.target.value)}
            />
          </Field>
          <ImageSlot
            id="product-heroImage"
            label="Hero image"
            slot="hero"
            url={heroImage}
            upload={upload}
            error={errors.heroImage}
            hint="Optional: the main image is used without one."
            onPick={onPickImage}
            onRemove={onRemoveImage}
          />
        </div>
      ) : null}
    </Section>
  );
}
