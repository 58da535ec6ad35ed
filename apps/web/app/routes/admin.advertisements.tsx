/** The dashboard's Advertisements tab (/admin/advertisements); the layout has already refused non-admins. */
import { loadAdvertisements } from "~/features/admin/advertisements/advertisements.server";
import { AdvertisementsPage } from "~/features/admin/advertisements/advertisements-page";
import type { Route } from "./+types/admin.advertisements";

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdvertisements(context);
}

export function meta() {
  return [
    { title: "Advertisements · Admin dashboard | Vastra" },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminAdvertisements({ loaderData }: Route.ComponentProps) {
  return <AdvertisementsPage data={loaderData} />;
}
