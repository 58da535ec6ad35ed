import {
  ACTIVITY_MESSAGES,
  type ActivityEntityType,
  type ActivityEntry,
  type ActivityPage,
} from "@vastra/contracts/activity";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, apiJson, browserFetch } from "~/lib/api";
import { ActivityList } from "./activity-list";

const PAGE = 20;

/**
 * A product's or an order's history (record 0050): its activity entries, newest first, loaded
 * when shown, with "Show older changes" for the next page (remount it to load afresh).
 */
export function EntityHistory({
  entityType,
  entityId,
  headingId,
}: {
  entityType: ActivityEntityType;
  entityId: string;
  /** The id of the heading that names this history (for the region's label). */
  headingId: string;
}) {
  const [entries, setEntries] = React.useState<ActivityEntry[]>([]);
  const [cursor, setCursor] = React.useState<string | null>(null);
  const [loading, setLoading] = React.useState(true);
  const [error, setError] = React.useState<string | null>(null);

  const load = React.useCallback(
    async (from: string | null) => {
      setLoading(true);
      setError(null);
      const query = new URLSearchParams({ entityType, entityId, limit: String(PAGE) });
      if (from) query.set("cursor", from);
      try {
        const page = await apiJson<ActivityPage>(browserFetch, `/api/admin/activity?${query}`, {
          fallback: ACTIVITY_MESSAGES.loadFailed,
        });
        setEntries((before) => (from ? [...before, ...page.entries] : page.entries));
        setCursor(page.nextCursor);
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : ACTIVITY_MESSAGES.loadFailed);
      } finally {
        setLoading(false);
      }
    },
    [entityType, entityId],
  );

  React.useEffect(() => {
    void load(null);
  }, [load]);

  return (
    <section aria-labelledby={headingId} aria-busy={loading} className="grid gap-3">
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {loading && entries.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner size="sm" label={null} /> Loading history…
        </p>
      ) : (
        <ActivityList entries={entries} />
      )}
      {cursor ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={loading}
          onClick={() => void load(cursor)}
        >
          Show older changes
        </Button>
      ) : null}
    </section>
  );
}
