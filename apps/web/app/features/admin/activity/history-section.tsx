import type { ActivityEntityType } from "@vastra/contracts/activity";
import * as React from "react";
import { EntityHistory } from "./entity-history";

/**
 * A "History" disclosure for the product dialog and the order view (record 0050): closed, it
 * costs nothing; opened, it loads the entity's activity entries (who changed which field, old →
 * new, and why), and loads them afresh when `version` changes (after a save).
 */
export function ActivityHistorySection({
  entityType,
  entityId,
  title = "History",
  version = "",
}: {
  entityType: ActivityEntityType;
  entityId: string;
  title?: string;
  version?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const headingId = React.useId();
  return (
    <details
      className="group rounded-lg border border-border bg-card"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer select-none px-4 py-3 font-semibold text-sm">
        <span id={headingId}>{title}</span>
        <span className="ml-2 font-normal text-muted-foreground">who changed what, and why</span>
      </summary>
      {open ? (
        <div className="px-4 pb-4">
          <EntityHistory
            key={version}
            entityType={entityType}
            entityId={entityId}
            headingId={headingId}
          />
        </div>
      ) : null}
    </details>
  );
}
