import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ContactPage } from "~/features/contact/contact-page";
import { readContactForm, sendContact } from "~/features/contact/contact-submit";
import { browserFetch } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { loadStoreSettings } from "~/lib/store.server";
import { pageMeta } from "~/lib/store-format";
import type { Route } from "./+types/contact";

export async function loader({ context }: Route.LoaderArgs) {
  return { store: await loadStoreSettings(context) };
}

/** Without JavaScript the form posts here; the message goes to POST /api/contact in-process. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await sendContact(serverApi(context), readContactForm(await request.formData()));
  return data(result, { status: result.ok ? 200 : result.status || 502 });
}

/** With JavaScript the browser sends the (already checked) form to POST /api/contact itself. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return sendContact(browserFetch, readContactForm(await request.formData()));
}

/** Sending a message changes nothing the loader reads. */
export function shouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/contact" ? false : defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.store.name;
  return pageMeta(
    "Personal Styling and Contact Us",
    `Ask ${name ? `${name}'s` : "our"} stylists for outfit advice or get help with an order. Write to us, call, or chat on WhatsApp; see our support hours.`,
    loaderData?.store,
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return <ContactPage store={loaderData.store} result={actionData} />;
}
