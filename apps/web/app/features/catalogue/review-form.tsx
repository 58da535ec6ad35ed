/**
 * Writing and editing a review (storefront.md §4): loaded on demand by product-reviews.tsx, only
 * where the form is shown.
 */
import { REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from "@vastra/contracts/review-messages";
import type { Review } from "@vastra/contracts/reviews";
import { Star } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { useToast } from "~/components/ui/toast";
import { useFetcherResult, useReviewFetcher } from "./review-fetcher";
import { FitFields } from "./review-fit-fields";
import { useFitQuestion } from "./size-fit";

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** Five radio buttons drawn as stars (arrow keys change the rating). */
function RatingInput({
  value,
  onChange,
  name,
}: {
  value: number;
  onChange: (value: number) => void;
  name: string;
}) {
  const [hover, setHover] = React.useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-foreground">Your rating</legend>
      <div className="mt-2 flex items-center gap-3">
        <div className="flex" onPointerLeave={() => setHover(null)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              onPointerEnter={(event) => {
                // A preview for a mouse only: on a touch screen it would stick after the tap.
                if (event.pointerType === "mouse") setHover(n);
              }}
              className="grid size-10 cursor-pointer place-items-center rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                strokeWidth={1.5}
                className={cn(
                  "size-7 transition-colors",
                  n <= shown ? "fill-gold-500 text-gold-600" : "fill-transparent text-input",
                )}
              />
              <span className="sr-only">
                {n} {n === 1 ? "star" : "stars"}, {RATING_WORDS[n]}
              </span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          {RATING_WORDS[shown]}
        </span>
      </div>
    </fieldset>
  );
}

export function ReviewForm({
  mode,
  review,
  onDone,
}: {
  mode: "create" | "edit";
  review?: Review;
  onDone?: () => void;
}) {
  const fetcher = useReviewFetcher();
  const toast = useToast();
  const id = React.useId();
  const intent = mode === "create" ? "create" : "update";
  const [rating, setRating] = React.useState(review?.rating ?? 5);
  const [comment, setComment] = React.useState(review?.comment ?? "");
  const [error, setError] = React.useState<string | null>(null);
  const textarea = React.useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
  // A verified buyer's fit questions (record 0046); a review being edited keeps its answers.
  const fitQuestion = useFitQuestion();

  React.useEffect(() => {
    if (mode === "edit") textarea.current?.focus();
  }, [mode]);

  useFetcherResult(fetcher, (result) => {
    if (result.intent !== intent || (review && result.reviewId !== review._id)) return;
    if (result.ok) {
      setError(null);
      if (mode === "create") {
        setComment("");
        setRating(5);
      }
      onDone?.();
    } else {
      const fieldError = result.errors?.comment;
      if (fieldError) {
        setError(fieldError);
        textarea.current?.focus();
      }
    }
  });

  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-labelledby={`${id}-title`}
      className={cn(
        "grid gap-4",
        mode === "create"
          ? "rounded-lg border border-border bg-card p-5"
          : "rounded-md bg-muted/60 p-4",
      )}
      onSubmit={(event) => {
        if (!comment.trim()) {
          event.preventDefault();
          setError(REVIEW_MESSAGES.commentRequired);
          toast.error(REVIEW_MESSAGES.commentRequired);
          textarea.current?.focus();
        }
      }}
    >
      <h3 id={`${id}-title`} className="font-display text-xl font-semibold text-foreground">
        {mode === "create" ? "Write a review" : "Edit your review"}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {review ? <input type="hidden" name="reviewId" value={review._id} /> : null}
      <RatingInput value={rating} onChange={setRating} name="rating" />
      {fitQuestion?.verifiedBuyer ? <FitFields question={fitQuestion} review={review} /> : null}
      <Field
        label="Your review"
        error={error}
        hint={`Up to ${REVIEW_MAX_LENGTH.toLocaleString("en-IN")} characters`}
      >
        <Textarea
          ref={textarea}
          name="comment"
          rows={4}
          maxLength={REVIEW_MAX_LENGTH}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            if (error && event.target.value.trim()) setError(null);
          }}
          placeholder="How was the fit, the fabric, the colour?"
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          loading={busy}
          loadingText={mode === "create" ? "Submitting…" : "Saving…"}
        >
          {mode === "create" ? "Submit review" : "Save changes"}
        </Button>
        {mode === "edit" ? (
          <Button variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
