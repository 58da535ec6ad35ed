import { AdminShell } from "~/features/admin/ui/admin-shell";
import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/admin";

/** Admins only: guests are sent to sign in, shoppers home, before anything renders. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context, url);
  return { admin: { name: user.name, email: user.email } };
}

export function meta() {
  return [{ title: "Admin dashboard | Vastra" }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminShell admin={loaderData.admin} />;
}
