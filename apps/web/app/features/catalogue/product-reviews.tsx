import { REVIEW_MESSAGES, REVIEW_REPLY_HEADING } from "@vastra/contracts/review-messages";
import type { Review } from "@vastra/contracts/reviews";
import { FIT_LABELS } from "@vastra/contracts/size-fit";
import { BadgeCheck, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Stars } from "~/components/ui/stars";
import { useToast } from "~/components/ui/toast";
import { formatDate, formatRating, plural } from "~/lib/format";
import { useFetcherResult, useReviewFetcher } from "./review-fetcher";

/**
 * The write/edit form loads only where it is shown (a signed-in shopper who may review): guests,
 * who are most of the product page's visitors, do not download it (issue #11's page budget).
 */
const LazyReviewForm = React.lazy(() =>
  import("./review-form").then((module) => ({ default: module.ReviewForm })),
);

function ReviewForm(props: React.ComponentProps<typeof LazyReviewForm>) {
  return (
    <React.Suspense fallback={null}>
      <LazyReviewForm {...props} />
    </React.Suspense>
  );
}

export type Viewer = { _id: string; name: string; isAdmin: boolean } | null;

export type ProductReviewsProps = {
  productId: string;
  averageRating: number;
  reviewCount: number;
  /** null when the reviews could not be loaded. */
  reviews: Review[] | null;
  viewer: Viewer;
};

/**
 * The reviews tab: the average to one decimal and the count, the reviews (the shopper's own first,
 * with Edit and Delete), the form for a signed-in shopper and a login link for guests.
 */
export function ProductReviews({
  productId,
  averageRating,
  reviewCount,
  reviews,
  viewer,
}: ProductReviewsProps) {
  const toast = useToast();
  // Every review form shares this fetcher, and the toasts are given here: a form that succeeds
  // may be gone by then (a new review replaces the form, a deleted one takes its buttons along).
  const fetcher = useReviewFetcher();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
  });
  const own = viewer ? reviews?.find((r) => r.userId === viewer._id) : undefined;
  const ordered = own ? [own, ...(reviews ?? []).filter((r) => r !== own)] : (reviews ?? []);
  const count = reviews ? Math.max(reviewCount, reviews.length) : reviewCount;

  return (
    <div className="grid gap-10 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-14">
      <div className="grid content-start gap-6">
        <div>
          <h2 className="font-display text-2xl font-semibold text-foreground">Customer reviews</h2>
          {count > 0 ? (
            <div className="mt-3 flex items-center gap-4">
              <p className="font-display text-5xl leading-none font-semibold text-foreground">
                {formatRating(averageRating)}
                <span className="sr-only"> out of 5</span>
              </p>
              <div className="grid gap-1">
                <Stars value={averageRating} className="text-lg" />
                <p className="text-sm text-muted-foreground">Based on {plural(count, "review")}</p>
              </div>
            </div>
          ) : (
            <p className="mt-2 text-muted-foreground">
              No reviews yet. {viewer ? "Be the first to share your thoughts." : null}
            </p>
          )}
        </div>

        {viewer ? (
          own ? (
            <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
              Thank you for reviewing this piece. You can edit or delete your review below.
            </p>
          ) : (
            <ReviewForm mode="create" />
          )
        ) : (
          <div className="rounded-lg border border-border bg-card p-5">
            <p className="font-medium text-foreground">{REVIEW_MESSAGES.loginToReview}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Share what you thought of the fit, fabric and colour.
            </p>
            <Button asChild variant="outline" size="sm" className="mt-4">
              <Link to={`/login?${new URLSearchParams({ redirect: `/products/${productId}` })}`}>
                Log in to review
              </Link>
            </Button>
          </div>
        )}
      </div>

      <div className="min-w-0">
        {reviews === null ? (
          <p className="text-muted-foreground">
            The reviews could not be loaded just now. Please try again in a moment.
          </p>
        ) : ordered.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
            Nobody has reviewed this product yet.
          </p>
        ) : (
          <ul aria-label="Reviews" className="divide-y divide-border">
            {ordered.map((review) => (
              <li key={review._id} className="py-6 first:pt-0">
                <ReviewItem
                  review={review}
                  mine={review === own}
                  canDelete={review === own || Boolean(viewer?.isAdmin)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ReviewItem({
  review,
  mine,
  canDelete,
}: {
  review: Review;
  mine: boolean;
  canDelete: boolean;
}) {
  const [editing, setEditing] = React.useState(false);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const wasEditing = React.useRef(false);
  React.useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return <ReviewForm mode="edit" review={review} onDone={() => setEditing(false)} />;
  }
  return (
    <article aria-label={`Review by ${review.name}`} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="font-medium text-foreground">
          {review.name}
          {mine ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
        </p>
        {review.verifiedBuyer ? (
          <Badge variant="success">
            <BadgeCheck aria-hidden="true" />
            Verified buyer
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <Stars value={review.rating} />
        <span className="sr-only">Rated {review.rating} out of 5</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </div>
      <ReviewFit fit={review.fit ?? null} sizeBought={review.sizeBought ?? null} />
      <p className="leading-relaxed break-words whitespace-pre-line text-foreground/90">
        {review.comment}
      </p>
      {review.reply ? (
        <section
          aria-label={REVIEW_REPLY_HEADING}
          className="mt-1 grid gap-1 rounded-md border-l-2 border-primary/50 bg-muted px-4 py-3 text-sm"
        >
          <p className="font-semibold text-primary">{REVIEW_REPLY_HEADING}</p>
          <p className="leading-relaxed break-words whitespace-pre-line text-foreground/90">
            {review.reply.text}
          </p>
        </section>
      ) : null}
      {mine || canDelete ? (
        <div className="mt-1 flex gap-2">
          {mine ? (
            <Button
              ref={editButton}
              variant="ghost"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label="Edit your review"
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
          {canDelete ? (
            <DeleteReview reviewId={review._id} label={mine ? "your review" : "this review"} />
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function DeleteReview({ reviewId, label }: { reviewId: string; label: string }) {
  const fetcher = useReviewFetcher();
  const [open, setOpen] = React.useState(false);
  const busy =
    fetcher.state !== "idle" &&
    fetcher.formData?.get("intent") === "delete" &&
    fetcher.formData.get("reviewId") === reviewId;
  useFetcherResult(fetcher, (result) => {
    if (result.intent === "delete" && result.reviewId === reviewId && result.ok) setOpen(false);
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive-soft hover:text-destructive"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Delete ${label}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {label}?</DialogTitle>
          <DialogDescription>
            The review and its rating will be removed from this product. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Keep review
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            loading={busy}
            loadingText="Deleting…"
            onClick={() => fetcher.submit({ intent: "delete", reviewId }, { method: "post" })}
          >
            Delete review
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A review's fit answer and size bought, under its stars. */
export function ReviewFit({
  fit,
  sizeBought,
}: {
  fit: keyof typeof FIT_LABELS | null;
  sizeBought: string | null;
}) {
  if (!fit && !sizeBought) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {fit ? (
        <>
          Fit: <span className="font-medium text-foreground">{FIT_LABELS[fit]}</span>
        </>
      ) : null}
      {fit && sizeBought ? " · " : null}
      {sizeBought ? (
        <>
          Size bought: <span className="font-medium text-foreground">{sizeBought}</span>
        </>
      ) : null}
    </p>
  );
}
