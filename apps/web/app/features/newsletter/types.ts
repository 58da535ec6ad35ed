/** The unsubscribe page's views (storefront.md §2 Unsubscribe, §4). */
export type UnsubscribeView = "loading" | "success" | "already" | "error";

/** The outcome of POST /api/newsletter/unsubscribe, as the page shows it. */
export type UnsubscribeOutcome = {
  kind: "unsubscribe";
  view: Exclude<UnsubscribeView, "loading">;
  message: string;
  /** False when trying again cannot help (the link lacks its e-mail address). */
  canRetry: boolean;
};

/** The outcome of the page's re-subscribe button. */
export type ResubscribeOutcome = {
  kind: "resubscribe";
  ok: boolean;
  message: string;
  /** The view the button was on, so a page posted without JavaScript shows it again. */
  view: "success" | "already";
};

export type UnsubscribeActionResult = UnsubscribeOutcome | ResubscribeOutcome;
