import { ORDER_NOTES_MAX } from "@vastra/contracts/admin-orders";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import type { NotesOutcome } from "./use-order-updates";

export const NOTES_EMPTY_HINT = "Write a note first: empty notes are not saved.";

/**
 * An order's notes: a text box and Save. Empty notes (after trimming) are not sent (admin.md §5);
 * the box says so next to it. What was typed stays in the box when a save fails.
 */
export function NotesEditor({
  orderNumber,
  notes,
  busy,
  onSave,
  onSaved,
  autoFocus = false,
  hideLabel = false,
}: {
  orderNumber: string;
  notes: string;
  busy: boolean;
  onSave: (notes: string) => Promise<NotesOutcome>;
  onSaved?: () => void;
  autoFocus?: boolean;
  /** When a heading above already says 'Notes'. */
  hideLabel?: boolean;
}) {
  const [text, setText] = React.useState(notes);
  const [error, setError] = React.useState<string | null>(null);
  const tooLong = text.trim().length > ORDER_NOTES_MAX;

  // When the saved notes change elsewhere (another save), show them.
  React.useEffect(() => setText(notes), [notes]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tooLong) return;
    const outcome = await onSave(text);
    if (outcome === "empty") setError(NOTES_EMPTY_HINT);
    else if (outcome === "saved") {
      setError(null);
      onSaved?.();
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label={`Notes of order ${orderNumber}`}>
      <Field
        label="Notes"
        hideLabel={hideLabel}
        error={tooLong ? `Please keep the notes under ${ORDER_NOTES_MAX} characters` : error}
        hint="For the team and the shipping bill: delivery instructions, calls made, gift wrap…"
      >
        <Textarea
          name="notes"
          value={text}
          rows={4}
          maxLength={ORDER_NOTES_MAX + 200}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={busy} loadingText="Saving…" disabled={busy}>
          Save notes
        </Button>
      </div>
    </form>
  );
}
