/**
 * The GST arithmetic (record 0037), without the database: India's financial year, the rate slab a
 * piece falls in, and each line's taxable value and tax from its GST-inclusive price.
 */

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** India's calendar date (YYYY-MM-DD) at this instant. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The financial year (1 April to 31 March, India time) as invoices write it: "25-26". */
export function financialYearOf(at: Date): string {
  const [year, month] = indiaDate(at).split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

/** INV/25-26/000123: the series, the financial year and 6 digits (16 characters at most). */
export function documentNumber(series: "INV" | "CN", fy: string, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1 || seq > 999_999) {
    throw new RangeError(`The ${series} series of ${fy} is full (${seq})`);
  }
  return `${series}/${fy}/${String(seq).padStart(6, "0")}`;
}

export type RateSlab = {
  effectiveFrom: string;
  /** The highest taxable value of one piece in this slab (paise); null: no limit. */
  maxUnitTaxablePaise: number | null;
  rateBp: number;
};

/**
 * The rate (basis points) of one piece sold at this GST-inclusive price on this date (India's
 * calendar): among the slabs in force (the latest effective date on or before it), the first,
 * lowest limit first, whose limit the piece's value before tax at the slab's own rate is within.
 * ₹2,625 at 5 % is ₹2,500 before tax: 5 %; ₹2,626 is above, so 18 %.
 */
export function rateFor(
  slabs: readonly RateSlab[],
  onDate: string,
  unitPricePaise: number,
): number {
  const inForce = slabs.filter((s) => s.effectiveFrom <= onDate);
  if (inForce.length === 0) throw new RangeError(`No GST rate in force on ${onDate}`);
  const latest = inForce.reduce((a, s) => (s.effectiveFrom > a ? s.effectiveFrom : a), "");
  const current = inForce
    .filter((s) => s.effectiveFrom === latest)
    .sort(
      (a, b) =>
        (a.maxUnitTaxablePaise ?? Number.POSITIVE_INFINITY) -
        (b.maxUnitTaxablePaise ?? Number.POSITIVE_INFINITY),
    );
  for (const slab of current) {
    if (slab.maxUnitTaxablePaise === null) return slab.rateBp;
    // Value before tax ≤ limit ⇔ price × 10000 ≤ limit × (10000 + rate): exact in integers.
    if (unitPricePaise * 10_000 <= slab.maxUnitTaxablePaise * (10_000 + slab.rateBp)) {
      return slab.rateBp;
    }
  }
  return current.at(-1)!.rateBp;
}

export type TaxedAmount = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/**
 * Splits a GST-inclusive amount into taxable value and tax, rounded per line to the paisa: within
 * the store's state CGST and SGST are each half the rate (and equal), else IGST the whole rate.
 * Taxable value + tax is always exactly the amount the shopper paid.
 */
export function splitInclusive(
  inclusivePaise: number,
  rateBp: number,
  intraState: boolean,
): TaxedAmount {
  if (intraState) {
    const half = Math.round((inclusivePaise * rateBp) / (2 * (10_000 + rateBp)));
    return {
      taxablePaise: inclusivePaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: inclusivePaise,
    };
  }
  const igst = Math.round((inclusivePaise * rateBp) / (10_000 + rateBp));
  return {
    taxablePaise: inclusivePaise - igst,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
    totalPaise: inclusivePaise,
  };
}

/** "5%", "18%", "2.5%" from basis points. */
export const percent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
