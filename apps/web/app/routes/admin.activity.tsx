/**
 * The dashboard's Activity tab (/admin/activity?entityType=&entityId=&actorId=&reason=&field=&from=&to=&cursor=).
 * The layout (admin.tsx) has already refused guests and shoppers.
 */
import { loadActivity } from "~/features/admin/activity/activity.server";
import { ActivityPage } from "~/features/admin/activity/activity-page";
import type { Route } from "./+types/admin.activity";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadActivity(context, new URL(request.url));
}

export function meta() {
  return [{ title: "Activity · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityPage data={loaderData} />;
}
