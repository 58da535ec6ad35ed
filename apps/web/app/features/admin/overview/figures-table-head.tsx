import { cn } from "~/components/ui/cn";

/**
 * The sticky header row of the Overview's figure tables (revenue per day, the sales report):
 * the first column is the period, the others are right-aligned numbers.
 */
export function FiguresTableHead({
  columns,
}: {
  columns: readonly { label: string; numeric?: boolean }[];
}) {
  return (
    <thead className="sticky top-0 bg-muted">
      <tr>
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={cn("px-3 py-2 font-medium", column.numeric && "text-right")}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
