/**
 * The dashboard's Overview tab (/admin): figures, revenue chart, recent reviews, low stock, and the
 * sales report when the URL asks for it (?report=1&from=…&to=…&groupBy=…). The layout (admin.tsx)
 * has already refused guests and shoppers.
 */
import { loadOverview } from "~/features/admin/overview/overview.server";
import { OverviewPage } from "~/features/admin/overview/overview-page";
import type { Route } from "./+types/admin.overview";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOverview(context, new URL(request.url));
}

export function meta() {
  return [{ title: "Overview · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  return <OverviewPage data={loaderData} />;
}
