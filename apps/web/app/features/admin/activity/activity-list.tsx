import type { ActivityEntry } from "@vastra/contracts/activity";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import {
  activityActorName,
  activityChange,
  activityEntityName,
  activityFieldName,
  activityReasonLabel,
  formatActivityTime,
} from "./format";

/**
 * Activity entries, newest first, as one list that reads the same at 390 and 1280 px: when, what
 * changed (field, old → new), who and why. The Activity tab also shows which product, order or
 * settings each entry is about (`showEntity`); a product's or order's own history does not.
 */
export function ActivityList({
  entries,
  showEntity = false,
  emptyText = "No changes recorded yet.",
}: {
  entries: readonly ActivityEntry[];
  showEntity?: boolean;
  emptyText?: string;
}) {
  if (entries.length === 0) {
    return <p className="text-muted-foreground text-sm">{emptyText}</p>;
  }
  return (
    <ol className="divide-y divide-border rounded-lg border border-border bg-card">
      {entries.map((entry) => {
        const reason = activityReasonLabel(entry);
        return (
          <li
            key={entry.id}
            className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4"
          >
            <time dateTime={entry.at} className="text-muted-foreground">
              {formatActivityTime(entry.at)}
            </time>
            <div className="grid min-w-0 gap-1">
              {showEntity ? (
                <p className="font-medium">
                  <Link
                    className="underline-offset-2 hover:underline"
                    to={`/admin/activity?${new URLSearchParams({ entityType: entry.entityType, entityId: entry.entityId })}`}
                  >
                    {activityEntityName(entry)}
                  </Link>
                </p>
              ) : null}
              <p className="break-words">
                <span className="font-medium">{activityFieldName(entry)}</span>{" "}
                <span>{activityChange(entry)}</span>
              </p>
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <span>
                  by{" "}
                  {showEntity && entry.actor ? (
                    <Link
                      className="underline underline-offset-2"
                      to={`/admin/activity?${new URLSearchParams({ actorId: entry.actor.id })}`}
                    >
                      {activityActorName(entry)}
                    </Link>
                  ) : (
                    activityActorName(entry)
                  )}
                </span>
                {reason ? <Badge variant="outline">{reason}</Badge> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
