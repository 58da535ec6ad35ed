import {
  changePassword,
  requestEmailChange,
  unknownIntent,
  updateProfile,
  verifyEmailChange,
} from "~/features/auth/actions.server";
import { accountMeta } from "~/features/auth/meta";
import { ProfilePage } from "~/features/auth/profile-page";
import type { PanelName } from "~/features/auth/profile-panels";
import { readIntent } from "~/features/auth/types";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/profile";

const PANELS: readonly PanelName[] = ["basic", "email", "password"];

/** Signed-in only: a guest is sent to /login?redirect=/profile before anything renders. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const open = url.searchParams
    .getAll("open")
    .filter((p): p is PanelName => PANELS.includes(p as PanelName));
  return { user, open };
}

/** The panels' forms; each calls the API in-process (with JavaScript through a fetcher). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = readIntent(form);
  switch (intent) {
    case "profile":
      return updateProfile(context, form);
    case "request-email":
    case "resend-email":
      return requestEmailChange(context, form, intent);
    case "verify-email":
      return verifyEmailChange(context, form);
    case "password":
      return changePassword(context, form);
    default:
      return unknownIntent(intent);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "My Profile",
    "Your Vastra profile: name, phone, e-mail address and password.",
    matches,
    { noindex: true },
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage user={loaderData.user} open={loaderData.open} result={actionData} />;
}
