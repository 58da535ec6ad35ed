import type { StoreSettings } from "@vastra/contracts/store";
import { cn } from "~/components/ui/cn";

/**
 * The store's hours, from the one `hours` setting, in the one way the footer and the contact page
 * both show them (record 0035): days, then times, then that they are India time.
 */
export function StoreHours({
  hours,
  className,
  daysClassName,
  noteClassName,
}: {
  hours: StoreSettings["hours"];
  className?: string;
  /** The days' colour (the footer is dark, the contact page light). */
  daysClassName?: string;
  noteClassName?: string;
}) {
  return (
    <div className={className}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {hours.map((row) => (
          <div key={row.days} className="contents">
            <dt className={daysClassName}>{row.days}</dt>
            <dd>{row.hours}</dd>
          </div>
        ))}
      </dl>
      <p className={cn("mt-1 text-xs", noteClassName)}>India time (IST)</p>
    </div>
  );
}
