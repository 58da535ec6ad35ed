/** The review forms' one fetcher and its finished-submission hook (product page). */
import * as React from "react";
import { useFetcher } from "react-router";
import type { ReviewResult } from "./types";

const REVIEW_FETCHER = "product-review";

/** The one fetcher of the review forms (keyed, so every form and the tab see the same result). */
export function useReviewFetcher() {
  return useFetcher<ReviewResult>({ key: REVIEW_FETCHER });
}

/**
 * Calls `handle` once per finished submission (not for a result that was already there when the
 * component mounted).
 */
export function useFetcherResult(
  fetcher: { state: string; data?: ReviewResult | undefined },
  handle: (result: ReviewResult) => void,
) {
  const latest = React.useRef(handle);
  latest.current = handle;
  const seen = React.useRef<ReviewResult | undefined>(fetcher.data);
  React.useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
