import {
  changePassword,
  handleIntent,
  requestEmailChange,
  updateProfile,
  verifyEmailChange,
} from "~/features/auth/actions.server";
import { accountMeta } from "~/features/auth/meta";
import { ProfilePage } from "~/features/auth/profile-page";
import type { PanelName } from "~/features/auth/profile-panels";
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
  return handleIntent(request, {
    profile: (form) => updateProfile(context, form),
    "request-email": (form) => requestEmailChange(context, form, "request-email"),
    "resend-email": (form) => requestEmailChange(context, form, "resend-email"),
    "verify-email": (form) => verifyEmailChange(context, form),
    password: (form) => changePassword(context, form),
  });
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
