/**
 * The delivery promise's calendar (issue #14, record 0034): India's date and hour of a moment,
 * whatever the server's own time zone, and the day a parcel arrives counted in working days
 * (neither Sundays nor the store's listed holidays).
 *
 * Days are counted as whole calendar dates (days since 1970-01-01), so nothing here depends on
 * the server's zone or on clock changes; only `indiaNow` reads a time zone, through Intl.
 */

/** India's wall clock (IST has one offset all year; Intl still does the reading). */
const INDIA = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The calendar date (YYYY-MM-DD) and hour (0-23) in India at `now`. */
export function indiaNow(now: Date): { date: string; hour: number } {
  const part: Record<string, string> = {};
  for (const { type, value } of INDIA.formatToParts(now)) part[type] = value;
  return { date: `${part.year}-${part.month}-${part.day}`, hour: Number(part.hour) };
}

const DAY_MS = 86_400_000;
const SUNDAY = 0;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export type PromiseRules = {
  /** Orders at or after this hour (India) start being handled on the next working day. */
  cutoffHour: number;
  /** Working days from the first handling day to dispatch. */
  handlingDays: number;
  /** Dates (YYYY-MM-DD) nobody handles or delivers, besides Sundays. */
  holidays: readonly string[];
};

/**
 * The day an order placed at `now` arrives, India's calendar date (YYYY-MM-DD):
 * - handling starts today if today is a working day and the order comes before the cut-off hour,
 *   else on the next working day;
 * - it is dispatched `handlingDays` working days later (0: the same day);
 * - it arrives `transitDays` working days after dispatch (0: the same day).
 * A working day is neither a Sunday nor a listed holiday, so the promised day never is either.
 */
export function deliveryDate(now: Date, rules: PromiseRules, transitDays: number): string {
  const { date, hour } = indiaNow(now);
  const holidays = new Set(rules.holidays);
  const working = (day: number) =>
    new Date(day * DAY_MS).getUTCDay() !== SUNDAY && !holidays.has(isoDate(day));
  // At most 366 holidays are listed, so a working day is always found within two years.
  const nextWorking = (day: number) => {
    let next = day + 1;
    while (!working(next)) next++;
    return next;
  };
  let day = dayNumber(date);
  if (hour >= rules.cutoffHour || !working(day)) day = nextWorking(day);
  for (let i = 0; i < rules.handlingDays + transitDays; i++) day = nextWorking(day);
  return isoDate(day);
}
