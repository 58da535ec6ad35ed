/** The dashboard's Reviews tab (/admin/reviews); the layout has already refused non-admins. */
import { loadReviews } from "~/features/admin/reviews/reviews.server";
import { ReviewsPage } from "~/features/admin/reviews/reviews-page";
import type { Route } from "./+types/admin.reviews";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReviews(context, new URL(request.url));
}

export function meta() {
  return [{ title: "Reviews · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewsPage data={loaderData} />;
}
