import {
  type AdminReview,
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  type Review,
} from "@vastra/contracts/reviews";
import * as React from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { DialogFormFooter } from "../ui/dialog-form-footer";
import { FormErrorSummary } from "../ui/form-error-summary";
import { SelectOptions, valueOptions } from "../ui/select-options";

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** The edit modal: rating and comment of any review (PUT /api/reviews/{id}, admin allowed). */
export function ReviewEditDialog({
  review,
  onOpenChange,
  onSaved,
}: {
  review: AdminReview | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  // Kept while the dialog animates closed, so it does not empty first.
  // Each opening starts a fresh form (a cancelled edit is not brought back).
  const [openFor, setOpenFor] = React.useState<AdminReview | null>(null);
  const [shown, setShown] = React.useState<{ review: AdminReview; opening: number } | null>(null);
  if (review !== openFor) {
    setOpenFor(review);
    if (review) setShown({ review, opening: (shown?.opening ?? 0) + 1 });
  }
  return (
    <Dialog open={review !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {shown ? (
          <EditForm
            key={shown.opening}
            review={shown.review}
            onDone={() => {
              onOpenChange(false);
              onSaved();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const banner = useAdminBanner();
  const [rating, setRating] = React.useState(String(review.rating));
  const [comment, setComment] = React.useState(review.comment);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  /** A failure's message, shown in the dialog (the page's banner is behind it). */
  const [formError, setFormError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!comment.trim()) found.comment = REVIEW_MESSAGES.commentRequired;
    else if (comment.trim().length > REVIEW_MAX_LENGTH)
      found.comment = REVIEW_MESSAGES.commentTooLong;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFormError(null);
    setBusy(true);
    try {
      await apiJson<Review>(browserFetch, `/api/reviews/${review._id}`, {
        method: "PUT",
        body: { rating: Number(rating), comment },
        fallback: REVIEW_MESSAGES.updateFailed,
      });
      banner.success(REVIEW_MESSAGES.updated);
      onDone();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      setFormError(e instanceof ApiError ? e.message : REVIEW_MESSAGES.updateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Edit review</DialogTitle>
        <DialogDescription>
          {review.name}'s review of {review.productTitle}.
        </DialogDescription>
      </DialogHeader>
      <Field label="Rating" error={errors.rating} required>
        <NativeSelect name="rating" value={rating} onChange={(e) => setRating(e.target.value)}>
          <SelectOptions
            options={valueOptions(
              [5, 4, 3, 2, 1],
              (n) => `${n} ${n === 1 ? "star" : "stars"} — ${RATING_WORDS[n]}`,
            )}
          />
        </NativeSelect>
      </Field>
      <Field
        label="Comment"
        error={errors.comment}
        required
        hint={`${comment.trim().length.toLocaleString("en-IN")} / ${REVIEW_MAX_LENGTH.toLocaleString("en-IN")} characters`}
      >
        <Textarea
          name="comment"
          rows={6}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            if (errors.comment) setErrors(({ comment: _, ...rest }) => rest);
          }}
        />
      </Field>
      <FormErrorSummary>{formError}</FormErrorSummary>
      <DialogFormFooter busy={busy} submitLabel="Save changes" />
    </form>
  );
}
