/** The referral link and the ways to pass it on (storefront.md §2 Referrals; decisions.md §5). */

/** {origin}/register?ref={affiliateCode}: the sign-up form with the code filled in. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/register?ref=${encodeURIComponent(code)}`;
}

/** The invitation text, for WhatsApp, e-mail and the device's share sheet. */
export function invitation(storeName: string, link: string): { subject: string; text: string } {
  return {
    subject: `Join me on ${storeName}`,
    text: `I shop handpicked Indian fashion at ${storeName}. Join with my link: ${link}`,
  };
}

export function whatsappHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export function mailtoHref(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
