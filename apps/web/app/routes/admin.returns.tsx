/** The dashboard's Returns tab (/admin/returns, record 0048); the layout has already refused non-admins. */
import { loadReturns } from "~/features/admin/returns/returns.server";
import { ReturnsPage } from "~/features/admin/returns/returns-page";
import type { Route } from "./+types/admin.returns";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReturns(context, new URL(request.url));
}

export function meta() {
  return [{ title: "Returns · Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  return <ReturnsPage data={loaderData} />;
}
