/** The Categories tab's "Size chart" button and its dialog with the chart editor (record 0046). */
import { Ruler } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { SizeChartEditor } from "./size-chart-editor";

export function CategorySizeChartButton({ id, name }: { id: string; name: string }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`Size chart of ${name}`}>
          <Ruler aria-hidden="true" />
          Size chart
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Size chart: {name}</DialogTitle>
          <DialogDescription>
            Shown on every product of this category that has no chart of its own.
          </DialogDescription>
        </DialogHeader>
        {open ? <SizeChartEditor owner="category" ownerId={id} ownerName={name} /> : null}
      </DialogContent>
    </Dialog>
  );
}
