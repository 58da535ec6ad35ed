/**
 * The Newsletter tab's data, asked of the API in-process: the subscribers page the URL names
 * (?status=&search=&page=), the newsletter settings and the recent campaigns. The view
 * (?view=overview|compose|settings) is the page's to choose.
 */
import {
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterCampaign,
  type NewsletterSettings,
  type SubscribersReply,
} from "@vastra/contracts/admin-newsletter";
import type { RouterContextProvider } from "react-router";
import { ApiError, apiJson } from "~/lib/api";
import { serverApi } from "~/lib/api.server";
import { type NewsletterView, parseView } from "./views";

export type NewsletterData = {
  view: NewsletterView;
  query: { status: "all" | "subscribed" | "unsubscribed"; search: string; page: number };
  subscribers: SubscribersReply | null;
  settings: NewsletterSettings | null;
  campaigns: NewsletterCampaign[];
  errors: string[];
};

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

export async function loadNewsletter(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<NewsletterData> {
  const api = serverApi(context);
  const params = url.searchParams;
  const status = params.get("status");
  const query: NewsletterData["query"] = {
    status: status === "subscribed" || status === "unsubscribed" ? status : "all",
    search: (params.get("search") ?? "").trim().slice(0, 254),
    page: Math.max(1, Math.min(100_000, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
  const search = new URLSearchParams({
    status: query.status,
    search: query.search,
    page: String(query.page),
  });
  const errors: string[] = [];
  const [subscribers, settings, campaigns] = await Promise.all([
    apiJson<SubscribersReply>(api, `/api/newsletter/subscribers?${search}`, {
      fallback: NEWSLETTER_ADMIN_MESSAGES.fetchFailed,
    }).catch((e) => {
      errors.push(messageOf(e, NEWSLETTER_ADMIN_MESSAGES.fetchFailed));
      return null;
    }),
    apiJson<{ settings: NewsletterSettings }>(api, "/api/newsletter/settings", {
      fallback: NEWSLETTER_ADMIN_MESSAGES.settingsFetchFailed,
    })
      .then((r) => r.settings)
      .catch((e) => {
        errors.push(messageOf(e, NEWSLETTER_ADMIN_MESSAGES.settingsFetchFailed));
        return null;
      }),
    apiJson<NewsletterCampaign[]>(api, "/api/newsletter/campaigns").catch(() => []),
  ]);
  return { view: parseView(params.get("view")), query, subscribers, settings, campaigns, errors };
}
