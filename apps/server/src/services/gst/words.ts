/**
 * Amounts in words as Indian invoices write them (record 0037): Indian numbering (thousand, lakh,
 * crore), hyphenated tens ("Twenty-Three"), "Rupees … Only", paise when there are any.
 */

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 0-99 in words ("Forty-Two"). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** 0-999 in words, "" for 0. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A whole number in Indian words: 12,34,56,789 → "Twelve Crore Thirty-Four Lakh Fifty-Six
 * Thousand Seven Hundred Eighty-Nine". Above 99 crore the crores are themselves counted in lakhs
 * and thousands ("One Thousand Crore").
 */
export function indianNumberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`Not a whole amount: ${value}`);
  if (value === 0) return "Zero";
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  const parts: string[] = [];
  if (crore > 0) parts.push(`${indianNumberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** ₹1,23,456.78 (in paise) → "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${indianNumberInWords(rupees)}`;
  return rest > 0 ? `${words} and ${belowHundred(rest)} Paise Only` : `${words} Only`;
}
