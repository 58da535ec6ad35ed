import {
  type AdminReview,
  REVIEW_MAX_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_REPLY_HEADING,
  type Review,
} from "@vastra/contracts/reviews";
import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { useAdminBanner } from "../ui/banner";
import { DialogFormFooter } from "../ui/dialog-form-footer";
import { FormErrorSummary } from "../ui/form-error-summary";

/**
 * The store's one reply to a review (record 0042): written or changed (PUT /api/reviews/{id}/reply)
 * and removed (DELETE). Shown under the review on the product page as "Reply from Vastra".
 */
export function ReviewReplyDialog({
  review,
  onOpenChange,
  onSaved,
}: {
  review: AdminReview | null;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
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
          <ReplyForm
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

function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const banner = useAdminBanner();
  const [text, setText] = React.useState(review.reply?.text ?? "");
  const [error, setError] = React.useState<string | undefined>();
  const [formError, setFormError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState<"save" | "remove" | null>(null);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const found = !trimmed
      ? REVIEW_MESSAGES.replyRequired
      : trimmed.length > REVIEW_MAX_LENGTH
        ? REVIEW_MESSAGES.replyTooLong
        : undefined;
    setError(found);
    if (found) return;
    setFormError(null);
    setBusy("save");
    try {
      await apiJson<Review>(browserFetch, `/api/reviews/${review._id}/reply`, {
        method: "PUT",
        body: { reply: trimmed },
        fallback: REVIEW_MESSAGES.replyFailed,
      });
      banner.success(REVIEW_MESSAGES.replySaved);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.errors.reply) setError(e.errors.reply);
      setFormError(e instanceof ApiError ? e.message : REVIEW_MESSAGES.replyFailed);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setFormError(null);
    setBusy("remove");
    try {
      await apiJson<Review>(browserFetch, `/api/reviews/${review._id}/reply`, {
        method: "DELETE",
        fallback: REVIEW_MESSAGES.replyRemoveFailed,
      });
      banner.success(REVIEW_MESSAGES.replyRemoved);
      onDone();
    } catch (e) {
      setFormError(e instanceof ApiError ? e.message : REVIEW_MESSAGES.replyRemoveFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={save} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{review.reply ? "Edit reply" : "Reply to review"}</DialogTitle>
        <DialogDescription>
          Shown under {review.name}'s review of {review.productTitle} as “{REVIEW_REPLY_HEADING}”.
        </DialogDescription>
      </DialogHeader>
      <blockquote className="whitespace-pre-line break-words rounded-md bg-muted px-3 py-2 text-muted-foreground text-sm">
        {review.comment}
      </blockquote>
      <Field
        label="Your reply"
        error={error}
        required
        hint={`${text.trim().length.toLocaleString("en-IN")} / ${REVIEW_MAX_LENGTH.toLocaleString("en-IN")} characters`}
      >
        <Textarea
          name="reply"
          rows={5}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <FormErrorSummary>{formError}</FormErrorSummary>
      <div className="flex flex-wrap-reverse items-center justify-between gap-3">
        {review.reply ? (
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            loading={busy === "remove"}
            loadingText="Removing…"
            disabled={busy !== null}
            onClick={() => void remove()}
          >
            Remove reply
          </Button>
        ) : (
          <span />
        )}
        <DialogFormFooter busy={busy === "save"} submitLabel="Save reply" />
      </div>
    </form>
  );
}
