/** One e-mail as GET /api/dev/mailbox returns it (newest first). */
export type Mail = {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  createdAt: string;
};

/** What the list shows of each e-mail (the bodies stay on the server). */
export type MailSummary = Pick<Mail, "id" | "from" | "to" | "subject" | "createdAt">;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IST_OFFSET_MS = 330 * 60_000;

/**
 * "14 Jan 2025, 16:05 IST": written out by hand so that the server and the browser (whose ICU
 * data may differ) render exactly the same text.
 */
export function formatIst(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const d = new Date(time + IST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} IST`;
}
