import {
  changePassword,
  handleIntent,
  requestEmailChange,
  updateProfile,
  verifyEmailChange,
} from "~/features/auth/actions.server";
import { changeAddress, saveAddress } from "~/features/auth/addresses.server";
import { accountMeta } from "~/features/auth/meta";
import { ProfilePage } from "~/features/auth/profile-page";
import type { PanelName } from "~/features/auth/profile-panel-kit";
import { loadAddresses } from "~/lib/addresses.server";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/profile";

const PANELS: readonly PanelName[] = ["basic", "email", "password"];

/** Signed-in only: a guest is sent to /login?redirect=/profile before anything renders. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const open = url.searchParams
    .getAll("open")
    .filter((p): p is PanelName => PANELS.includes(p as PanelName));
  // The address book (record 0040): ?address=new or ?address=<id> opens its form without JavaScript.
  const { addresses, failed } = await loadAddresses(context);
  const address = url.searchParams.get("address") ?? undefined;
  return { user, open, addresses, addressesFailed: failed, address };
}

/** The panels' forms; each calls the API in-process (with JavaScript through a fetcher). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleIntent(request, {
    profile: (form) => updateProfile(context, form),
    "request-email": (form) => requestEmailChange(context, form, "request-email"),
    "resend-email": (form) => requestEmailChange(context, form, "resend-email"),
    "verify-email": (form) => verifyEmailChange(context, form),
    password: (form) => changePassword(context, form),
    "address-add": (form) => saveAddress(context, form, "address-add"),
    "address-edit": (form) => saveAddress(context, form, "address-edit"),
    "address-delete": (form) => changeAddress(context, form, "address-delete"),
    "address-default": (form) => changeAddress(context, form, "address-default"),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(
    "My Profile",
    "Your Vastra profile: name, phone, e-mail address, password and saved addresses.",
    matches,
    { noindex: true },
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePage
      user={loaderData.user}
      open={loaderData.open}
      result={actionData}
      addressBook={{
        addresses: loaderData.addresses,
        failed: loaderData.addressesFailed,
        startEditing: loaderData.address,
      }}
    />
  );
}
