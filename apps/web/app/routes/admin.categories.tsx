/** The dashboard's Categories tab (/admin/categories); the layout has already refused non-admins. */
import { loadCategories } from "~/features/admin/categories/categories.server";
import { CategoriesPage } from "~/features/admin/categories/categories-page";
import type { Route } from "./+types/admin.categories";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCategories(context);
}

export function meta() {
  return [
    { title: "Categories · Admin dashboard | Vastra" },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <CategoriesPage data={loaderData} />;
}
