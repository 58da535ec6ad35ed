import type * as React from "react";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";

/**
 * The buttons at the foot of an edit dialog's form: "Cancel" closes the dialog, the submit button
 * saves (busy while saving; Cancel is disabled meanwhile so the save is not cut short).
 */
export function DialogFormFooter({
  busy,
  submitLabel,
  submitDisabled,
}: {
  busy: boolean;
  submitLabel: React.ReactNode;
  submitDisabled?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" loading={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
