import {
  type AdminReview,
  REVIEW_FETCH_FAILED,
  REVIEW_MESSAGES,
  REVIEW_REPLY_HEADING,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  type Review,
} from "@vastra/contracts/reviews";
import { BadgeCheck, Eye, EyeOff, MessageSquareReply, Search } from "lucide-react";
import * as React from "react";
import { Form, Link, useLocation, useNavigation, useRevalidator, useSubmit } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { NativeSelect } from "~/components/ui/select";
import { Stars } from "~/components/ui/stars";
import { apiJson, browserFetch } from "~/lib/api";
import { formatDate, formatRating } from "~/lib/format";
import { AdminSectionHeader } from "../ui/admin-section-header";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DeleteButton, EditButton } from "../ui/row-actions";
import { idOptions, SelectOptions, valueOptions } from "../ui/select-options";
import { useAdminAction, useLoadErrorBanner } from "../ui/use-admin-action";
import { ReviewEditDialog } from "./review-edit-dialog";
import { ReviewReplyDialog } from "./review-reply-dialog";
import type { ReviewsData } from "./reviews.server";

type Group = { key: string; name: string; reviews: AdminReview[] };

/** Consecutive reviews of one category form a group (the API orders them by category). */
function groupByCategory(reviews: AdminReview[]): Group[] {
  const groups: Group[] = [];
  for (const review of reviews) {
    const key = review.categoryId ?? "none";
    const last = groups.at(-1);
    if (last && last.key === key) last.reviews.push(review);
    else groups.push({ key, name: review.categoryName, reviews: [review] });
  }
  return groups;
}

/**
 * The Reviews tab (admin.md §2): filters (rating, category, product, text) and sort in the URL,
 * the reviews grouped by category, an edit modal and delete after a confirmation.
 */
export function ReviewsPage({ data }: { data: ReviewsData }) {
  const { filters, reply, categories, error } = data;
  const run = useAdminAction();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();
  const [editing, setEditing] = React.useState<AdminReview | null>(null);
  const [deleting, setDeleting] = React.useState<AdminReview | null>(null);
  const [replying, setReplying] = React.useState<AdminReview | null>(null);
  const form = React.useRef<HTMLFormElement>(null);
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  useLoadErrorBanner(error);

  // A select applies at once; the text applies with its button or Enter.
  const apply = () => {
    if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
  };

  const remove = async () => {
    if (!deleting) return;
    await run(
      () =>
        apiJson<{ message: string }>(browserFetch, `/api/reviews/${deleting._id}`, {
          method: "DELETE",
          fallback: REVIEW_MESSAGES.deleteFailed,
        }),
      REVIEW_MESSAGES.deleteFailed,
      REVIEW_MESSAGES.deleted,
    );
  };

  const setHidden = (review: AdminReview, hidden: boolean) =>
    run(
      () =>
        apiJson<Review>(browserFetch, `/api/reviews/${review._id}/visibility`, {
          method: "PUT",
          body: { hidden },
          fallback: REVIEW_MESSAGES.hideFailed,
        }).then(() => ({ message: hidden ? REVIEW_MESSAGES.hidden : REVIEW_MESSAGES.unhidden })),
      REVIEW_MESSAGES.hideFailed,
    );

  const filtered = Boolean(filters.rating || filters.category || filters.product || filters.search);
  // Grouped by category only when asked: otherwise one list in the chosen order.
  const groups = reply
    ? filters.grouped
      ? groupByCategory(reply.reviews)
      : [{ key: "all", name: "", reviews: reply.reviews }]
    : [];
  const total = reply?.pagination.totalItems ?? 0;

  return (
    <section aria-labelledby="reviews-heading" className="grid gap-6">
      <AdminSectionHeader
        id="reviews-heading"
        title="Reviews"
        live
        description={
          reply
            ? `${total.toLocaleString("en-IN")} ${total === 1 ? "review" : "reviews"}${filtered ? " match" : ""}${total > 0 ? `, average ${formatRating(reply.averageRating)} out of 5` : ""}.`
            : null
        }
      />

      <Form
        ref={form}
        method="get"
        replace
        preventScrollReset
        aria-label="Filter reviews"
        className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-4 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
      >
        <Field className="col-span-2 lg:col-span-1" label="Search reviews">
          <div className="flex gap-2">
            <Input
              type="search"
              name="search"
              defaultValue={filters.search}
              key={filters.search}
              placeholder="Comment, reviewer or product"
            />
            <Button type="submit" variant="outline" size="icon" aria-label="Search">
              <Search aria-hidden="true" />
            </Button>
          </div>
        </Field>
        <Field className="col-span-2 sm:col-span-1" label="Category">
          <NativeSelect
            name="category"
            defaultValue={filters.category}
            key={`c${filters.category}`}
            onChange={(e) => {
              // A product of another category would leave the list empty: drop it.
              const product = form.current?.elements.namedItem(
                "product",
              ) as HTMLSelectElement | null;
              if (product && e.target.value) product.value = "";
              apply();
            }}
          >
            <SelectOptions any="All categories" options={idOptions(categories, (c) => c.name)} />
          </NativeSelect>
        </Field>
        <Field className="col-span-2 sm:col-span-1" label="Product">
          <NativeSelect
            name="product"
            defaultValue={filters.product}
            key={`p${filters.product}`}
            onChange={apply}
          >
            <SelectOptions
              any="All products"
              options={idOptions(reply?.products ?? [], (p) => `${p.title} (${p.reviewCount})`)}
            />
          </NativeSelect>
        </Field>
        <Field label="Rating">
          <NativeSelect
            name="rating"
            defaultValue={filters.rating}
            key={`r${filters.rating}`}
            onChange={apply}
          >
            <SelectOptions
              any="All ratings"
              options={valueOptions([5, 4, 3, 2, 1], (n) => `${n} ${n === 1 ? "star" : "stars"}`)}
            />
          </NativeSelect>
        </Field>
        <Field label="Sort by">
          <NativeSelect
            name="sort"
            defaultValue={filters.sort}
            key={`s${filters.sort}`}
            onChange={apply}
          >
            {REVIEW_SORTS.map((s) => (
              <option key={s} value={s}>
                {REVIEW_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 lg:col-span-5">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="group"
              value="category"
              defaultChecked={filters.grouped}
              key={`g${filters.grouped}`}
              onChange={apply}
              className="size-4 accent-primary"
            />
            Group by category
          </label>
          {filtered ? (
            <Button asChild variant="link" size="sm">
              <Link
                to={`?sort=${filters.sort}${filters.grouped ? "&group=category" : ""}`}
                replace
                preventScrollReset
              >
                Clear filters
              </Link>
            </Button>
          ) : null}
        </div>
      </Form>

      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
        {!reply ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {error ?? REVIEW_FETCH_FAILED}. Please reload the page.
          </p>
        ) : reply.reviews.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {filtered ? "No reviews match these filters." : "No reviews yet."}
          </p>
        ) : (
          <div className="grid gap-8">
            {groups.map((group) => (
              <section
                key={group.key}
                aria-labelledby={filters.grouped ? `group-${group.key}` : undefined}
                aria-label={filters.grouped ? undefined : "Reviews"}
                data-testid="review-group"
              >
                {filters.grouped ? (
                  <h3
                    id={`group-${group.key}`}
                    className="mb-3 flex items-baseline gap-2 border-border border-b pb-2 font-display font-semibold text-xl"
                  >
                    {group.name}
                    <span className="font-normal font-sans text-muted-foreground text-sm">
                      {group.reviews.length} {group.reviews.length === 1 ? "review" : "reviews"}
                      {reply.pagination.totalPages > 1 ? " on this page" : ""}
                    </span>
                  </h3>
                ) : null}
                <ul className="grid gap-3 lg:grid-cols-2">
                  {group.reviews.map((review) => (
                    <li key={review._id}>
                      <ReviewCard
                        review={review}
                        onEdit={() => setEditing(review)}
                        onDelete={() => setDeleting(review)}
                        onReply={() => setReplying(review)}
                        onHide={(hidden) => void setHidden(review, hidden)}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <Pagination
              page={reply.pagination.currentPage}
              pages={reply.pagination.totalPages}
              search={location.search}
            />
          </div>
        )}
      </div>

      <ReviewEditDialog
        review={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={() => revalidator.revalidate()}
      />
      <ReviewReplyDialog
        review={replying}
        onOpenChange={(open) => {
          if (!open) setReplying(null);
        }}
        onSaved={() => revalidator.revalidate()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this review?"
        description={
          deleting
            ? `${deleting.name}'s ${deleting.rating}-star review of ${deleting.productTitle} will be removed, and the product's rating recalculated. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete review"
        onConfirm={remove}
      />
    </section>
  );
}

function ReviewCard({
  review,
  onEdit,
  onDelete,
  onReply,
  onHide,
}: {
  review: AdminReview;
  onEdit: () => void;
  onDelete: () => void;
  onReply: () => void;
  onHide: (hidden: boolean) => void;
}) {
  return (
    <article
      aria-label={`Review by ${review.name} of ${review.productTitle}${review.hidden ? " (hidden)" : ""}`}
      data-hidden={review.hidden || undefined}
      className={
        review.hidden
          ? "flex h-full gap-4 rounded-lg border border-border border-dashed bg-muted/60 p-4 text-muted-foreground"
          : "flex h-full gap-4 rounded-lg border border-border bg-card p-4"
      }
    >
      <Link
        to={`/products/${review.productId}`}
        className="shrink-0 self-start rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ResponsiveImage
          src={review.productImageUrl}
          alt=""
          sizes="64px"
          widths={[320]}
          width={64}
          className={`aspect-[4/5] w-16 rounded-md object-cover${review.hidden ? " opacity-50 grayscale" : ""}`}
        />
      </Link>
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <Link
          to={`/products/${review.productId}`}
          className="truncate font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          {review.productTitle}
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <Stars value={review.rating} />
          <span className="sr-only">Rated {review.rating} out of 5</span>
          <span className="font-medium">{review.name}</span>
          {review.verifiedBuyer ? (
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" />
              Verified buyer
            </Badge>
          ) : null}
          <time dateTime={review.createdAt} className="text-muted-foreground">
            {formatDate(review.createdAt)}
          </time>
          {review.hidden ? (
            <Badge variant="outline">
              <EyeOff aria-hidden="true" />
              Hidden from the shop
            </Badge>
          ) : null}
        </div>
        <p
          className={`whitespace-pre-line break-words text-sm leading-relaxed ${review.hidden ? "text-muted-foreground" : "text-foreground/90"}`}
        >
          {review.comment}
        </p>
        {review.reply ? (
          <div className="mt-1 rounded-md border-primary/40 border-l-2 bg-muted px-3 py-2 text-sm">
            <p className="font-medium text-primary text-xs">{REVIEW_REPLY_HEADING}</p>
            <p className="whitespace-pre-line break-words">{review.reply.text}</p>
          </div>
        ) : null}
        <div className="mt-1 flex flex-wrap gap-x-2 gap-y-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${review.reply ? "Edit reply to" : "Reply to"} review by ${review.name}`}
            onClick={onReply}
          >
            <MessageSquareReply aria-hidden="true" />
            {review.reply ? "Edit reply" : "Reply"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${review.hidden ? "Unhide" : "Hide"} review by ${review.name}`}
            onClick={() => onHide(!review.hidden)}
          >
            {review.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            {review.hidden ? "Unhide" : "Hide"}
          </Button>
          <EditButton label={`Edit review by ${review.name}`} onClick={onEdit} />
          <DeleteButton label={`Delete review by ${review.name}`} onClick={onDelete} />
        </div>
      </div>
    </article>
  );
}
