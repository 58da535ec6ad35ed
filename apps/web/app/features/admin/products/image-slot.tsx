import { imageVariant } from "@vastra/contracts/images";
import { ImagePlus, Trash2, Upload } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FieldError } from "~/components/ui/field";

export type UploadState = { progress: number; preview: string; name: string };

/** A progress bar for one upload (role progressbar, percent shown). */
export function UploadProgress({ label, progress }: { label: string; progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={`Uploading ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-150"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-muted-foreground text-xs tabular-nums">{percent}%</span>
    </div>
  );
}

/** A thumbnail of a stored image (its small width) or of a file being uploaded. */
export function Thumbnail({
  url,
  alt,
  className,
}: {
  url: string;
  alt: string;
  className?: string;
}) {
  const src = url.startsWith("blob:") ? url : imageVariant(url, 320);
  return (
    <img
      src={src}
      alt={alt}
      width={160}
      height={200}
      className={cn(
        "aspect-[4/5] w-full rounded-md border border-border bg-muted object-cover",
        className,
      )}
    />
  );
}

/** A hidden file picker opened by a button (images only, admin.md §5). */
export function FilePickerButton({
  label,
  onFiles,
  multiple = false,
  disabled,
  children,
  variant = "outline",
  slot,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  children: React.ReactNode;
  variant?: "outline" | "secondary" | "ghost";
  slot: string;
}) {
  const input = React.useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        data-slot={slot}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        size="sm"
        variant={variant}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}

/** One image field (main, hero or a colour's image): preview, progress, choose/replace, remove. */
export function ImageSlot({
  id,
  label,
  url,
  upload,
  error,
  hint,
  required,
  onPick,
  onRemove,
  slot,
  compact = false,
}: {
  id: string;
  label: string;
  url: string;
  upload: UploadState | undefined;
  error?: string | undefined;
  hint?: React.ReactNode;
  required?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
  slot: string;
  compact?: boolean;
}) {
  const shown = upload?.preview ?? url;
  return (
    <fieldset
      id={id}
      aria-describedby={error ? `${id}-error` : undefined}
      className="m-0 grid min-w-0 gap-2 border-0 p-0"
    >
      <legend className="mb-2 p-0 font-medium text-foreground text-sm">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </legend>
      <div className="flex items-start gap-3">
        <div
          className={cn(
            "relative shrink-0 overflow-hidden rounded-md",
            compact ? "w-16" : "w-24 sm:w-28",
            error && !shown ? "ring-2 ring-destructive" : undefined,
          )}
        >
          {shown ? (
            <Thumbnail url={shown} alt={upload ? `${label} being uploaded` : `${label} preview`} />
          ) : (
            <div className="grid aspect-[4/5] w-full place-items-center rounded-md border border-border border-dashed bg-muted/60 text-muted-foreground">
              <ImagePlus aria-hidden="true" className="size-6" />
            </div>
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          {upload ? <UploadProgress label={label} progress={upload.progress} /> : null}
          <div className="flex flex-wrap gap-2">
            <FilePickerButton
              label={`Choose ${label.toLowerCase()}`}
              slot={slot}
              disabled={Boolean(upload)}
              onFiles={(files) => files[0] && onPick(files[0])}
            >
              <Upload aria-hidden="true" />
              {url ? "Replace" : "Upload"}
            </FilePickerButton>
            {url && !upload ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={onRemove}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
          {hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null}
        </div>
      </div>
      <FieldError id={error ? `${id}-error` : undefined}>{error}</FieldError>
    </fieldset>
  );
}
