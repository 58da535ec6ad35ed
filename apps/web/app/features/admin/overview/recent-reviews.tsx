import type { RecentReview } from "@vastra/contracts/stats";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Stars } from "~/components/ui/stars";
import { formatDate, truncate } from "~/lib/format";

/** The five newest reviews (admin.md §2 and §9): stars, reviewer, product, date and comment. */
export function RecentReviews({ reviews }: { reviews: RecentReview[] }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row items-baseline justify-between gap-4">
        <CardTitle as="h3">Recent reviews</CardTitle>
        <Link
          to="/admin/reviews"
          className="shrink-0 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          All reviews
        </Link>
      </CardHeader>
      <CardContent>
        {reviews.length === 0 ? (
          <p className="text-muted-foreground text-sm">No reviews yet.</p>
        ) : (
          <ol className="grid gap-4" aria-label="The five most recent reviews">
            {reviews.map((review) => (
              <li
                key={review._id}
                className="grid gap-1 border-border border-b pb-4 last:border-0 last:pb-0"
              >
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="flex items-center gap-2">
                    <Stars value={review.rating} className="text-sm" />
                    <span className="sr-only">Rated {review.rating} out of 5</span>
                    <span className="font-medium text-foreground text-sm">{review.name}</span>
                  </span>
                  <time dateTime={review.createdAt} className="text-muted-foreground text-xs">
                    {formatDate(review.createdAt)}
                  </time>
                </div>
                <Link
                  to={`/products/${review.productId}`}
                  className="w-fit rounded-sm text-primary text-sm underline-offset-4 hover:underline"
                >
                  {review.productTitle}
                </Link>
                <p className="text-muted-foreground text-sm leading-relaxed">
                  {truncate(review.comment, 140)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
