/**
 * The Products tab's "Import CSV" (issue #15, record 0049): choose the CSV (and optionally a zip
 * of the pictures it names), preview the counts of new, updated and error rows (the server checks
 * every row and changes nothing), then apply. Rows with errors are skipped; their report (row,
 * column, message) is listed and downloadable as CSV.
 */
import {
  BULK_IMPORT_FIELDS,
  type ImportRowError,
  type ProductImportReply,
} from "@vastra/contracts/bulk-catalogue";
import { Download, FileUp } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { browserFetch } from "~/lib/api";

const SHOWN_ERRORS = 20;
const FALLBACK = "The import could not be read. Please try again";

async function sendImport(form: FormData, dryRun: boolean): Promise<ProductImportReply> {
  let response: Response;
  try {
    response = await browserFetch(`/api/admin/products/import?dryRun=${dryRun}`, {
      method: "POST",
      body: form,
    });
  } catch {
    throw new Error("We could not reach the store. Check your connection and try again.");
  }
  const data = (await response.json().catch(() => ({}))) as Partial<ProductImportReply> & {
    message?: string;
  };
  if (!response.ok) throw new Error(data.message || FALLBACK);
  return data as ProductImportReply;
}

function ErrorReportLink({ report }: { report: string }) {
  const [href, setHref] = React.useState<string | null>(null);
  React.useEffect(() => {
    const url = URL.createObjectURL(new Blob([report], { type: "text/csv;charset=utf-8" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [report]);
  if (!href) return null;
  return (
    <Button asChild variant="secondary" size="sm">
      <a href={href} download="import-errors.csv">
        <Download aria-hidden="true" />
        Download error report
      </a>
    </Button>
  );
}

function ErrorTable({ errors }: { errors: ImportRowError[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Rows with errors</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Column
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, SHOWN_ERRORS).map((e) => (
            <tr key={`${e.row}-${e.column}`} className="border-border border-t align-top">
              <td className="px-3 py-2 tabular-nums">{e.row}</td>
              <td className="px-3 py-2 font-mono text-xs">{e.column}</td>
              <td className="px-3 py-2">{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > SHOWN_ERRORS ? (
        <p className="border-border border-t px-3 py-2 text-muted-foreground text-sm">
          And {errors.length - SHOWN_ERRORS} more in the error report.
        </p>
      ) : null}
    </div>
  );
}

function Counts({ result }: { result: ProductImportReply }) {
  const items = [
    [result.applied ? "Created" : "New", result.created],
    [result.applied ? "Updated" : "To update", result.updated],
    ["Rows with errors", result.failed],
  ] as const;
  return (
    <dl
      className="grid grid-cols-3 gap-2"
      aria-label={result.applied ? "Import result" : "Preview"}
    >
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-border bg-card p-3">
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="font-semibold text-2xl tabular-nums">{value.toLocaleString("en-IN")}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ImportProductsDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: (message: string) => void;
}) {
  const formRef = React.useRef<HTMLFormElement>(null);
  const [busy, setBusy] = React.useState<"preview" | "apply" | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [result, setResult] = React.useState<ProductImportReply | null>(null);

  const reset = () => {
    setResult(null);
    setError(null);
  };

  async function run(dryRun: boolean) {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const csv = data.get(BULK_IMPORT_FIELDS.csv);
    if (!(csv instanceof File) || csv.size === 0) {
      setError("Please choose a CSV file to import");
      return;
    }
    const zip = data.get(BULK_IMPORT_FIELDS.zip);
    if (zip instanceof File && zip.size === 0) data.delete(BULK_IMPORT_FIELDS.zip);
    setBusy(dryRun ? "preview" : "apply");
    setError(null);
    try {
      const reply = await sendImport(data, dryRun);
      setResult(reply);
      if (!dryRun) onImported(reply.message);
    } catch (e) {
      setError(e instanceof Error ? e.message : FALLBACK);
    } finally {
      setBusy(null);
    }
  }

  const canApply = result && !result.applied && result.created + result.updated > 0;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import products from CSV</DialogTitle>
          <DialogDescription>
            Use the columns of Export CSV. Rows whose SKU matches a product update it; the others
            are new products. Preview first: nothing changes until you apply.
          </DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run(true);
          }}
          onChange={reset}
        >
          <Field
            label="CSV file"
            required
            error={error}
            hint="One row per product: sizes as S:4|M:7, categories by name separated by |."
          >
            <Input type="file" name={BULK_IMPORT_FIELDS.csv} accept=".csv,text/csv" />
          </Field>
          <Field
            label="Pictures (zip, optional)"
            hint="Pictures the CSV names by file name, e.g. kurta-front.jpg. At most 500 pictures."
          >
            <Input type="file" name={BULK_IMPORT_FIELDS.zip} accept=".zip,application/zip" />
          </Field>
          <div aria-live="polite" className="grid gap-3">
            {result ? (
              <>
                <p className="font-medium">{result.message}</p>
                <Counts result={result} />
                <ErrorTable errors={result.errors} />
                {result.errorReport ? <ErrorReportLink report={result.errorReport} /> : null}
              </>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {result?.applied ? "Done" : "Cancel"}
            </Button>
            {result?.applied ? null : (
              <Button type="submit" variant="secondary" disabled={busy !== null}>
                <FileUp aria-hidden="true" />
                {busy === "preview" ? "Checking…" : "Preview"}
              </Button>
            )}
            {canApply ? (
              <Button type="button" disabled={busy !== null} onClick={() => void run(false)}>
                {busy === "apply" ? "Importing…" : "Apply import"}
              </Button>
            ) : null}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
