/**
 * The dashboard's Newsletter tab (/admin/newsletter, ?view=overview|compose|settings); the layout
 * (admin.tsx) has already refused guests and shoppers.
 */
import { loadNewsletter } from "~/features/admin/newsletter/newsletter.server";
import { NewsletterPage } from "~/features/admin/newsletter/newsletter-page";
import type { Route } from "./+types/admin.newsletter";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadNewsletter(context, new URL(request.url));
}

export function meta() {
  return [
    { title: "Newsletter · Admin dashboard | Vastra" },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return <NewsletterPage data={loaderData} />;
}
