/**
 * Branded e-mail layout: table-based with inline styles so common mail clients render it, and a
 * plain-text twin of every message. Everything a user typed is escaped. Transactional e-mails are
 * written with their styles inline (and the phone rule in a <style>); newsletters, which take the
 * admin's own CSS, go through juice, which inlines it and keeps only media queries in a <style>.
 */
import { createRequire } from "node:module";
import {
  DEFAULT_BUTTON_TEXT,
  DEFAULT_BUTTON_URL,
  DEFAULT_NEWSLETTER_COLORS,
  type NewsletterSettings,
  type NewsletterTemplate,
  type StoreSettings,
} from "@vastra/contracts";
import type Juice from "juice";

export type EmailContent = { subject: string; html: string; text: string };

export type EmailBlock =
  | { type: "paragraph"; text: string }
  | { type: "code"; code: string }
  | { type: "button"; label: string; url: string }
  | { type: "rows"; rows: Array<[string, string]> }
  | { type: "quote"; text: string }
  /**
   * An image inside the message: a `cid:` picture attached when the message is sent (the UPI QR
   * code, mail/inline-images.ts, record 0067); the plain text (and clients that show no pictures)
   * get `alt` and the `link`.
   */
  | { type: "image"; src: string; alt: string; width: number; link?: string };

export type EmailSpec = {
  subject: string;
  preheader: string;
  heading: string;
  blocks: EmailBlock[];
  /** Extra line in the footer (for example why the reader got this e-mail). */
  footerNote?: string;
};

const BRAND = {
  ink: "#1f1a17",
  maroon: "#7a1f2b",
  gold: "#b8862b",
  paper: "#faf6f0",
  line: "#e8dfd3",
};

/**
 * Resets every client needs, written on the elements themselves (what juice would inline from a
 * style block, done once in the template rather than per message: issue #11, an order's two
 * e-mails were 8 % of its CPU); the phone rule stays in a <style> for the clients that read it.
 */
const BODY_RESET = "-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;";
const TABLE_RESET = "border-collapse:collapse;";
const IMG_RESET = "border:0;outline:none;text-decoration:none;-ms-interpolation-mode:bicubic;";
const PHONE_CSS =
  "@media only screen and (max-width:600px){.em-pad{padding-left:16px !important;padding-right:16px !important}}";

/**
 * juice, with cheerio and the CSS parsers under it, is ~200 modules: loaded with the first
 * newsletter rendered rather than at start-up (issue #11, record 0054).
 */
let juice: typeof Juice | undefined;

/** Inlines the <style> rules into style attributes (media queries are kept in a <style>). */
function inlineCss(html: string): string {
  juice ??= (createRequire(import.meta.url)("juice") as { default: typeof Juice }).default;
  return juice(html, {
    preserveMediaQueries: true,
    preserveFontFaces: false,
    removeStyleTags: true,
    applyWidthAttributes: false,
    applyHeightAttributes: false,
    insertPreservedExtraCss: true,
  });
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function blockHtml(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${BRAND.ink}">${escapeHtml(block.text).replaceAll("\n", "<br>")}</p>`;
    case "quote":
      return `<div style="margin:0 0 16px;padding:12px 16px;border-left:3px solid ${BRAND.gold};background:#fff;font-size:14px;line-height:1.6;color:${BRAND.ink}">${escapeHtml(block.text).replaceAll("\n", "<br>")}</div>`;
    case "code":
      return `<p style="margin:8px 0 24px;text-align:center"><span style="display:inline-block;padding:12px 24px;border:1px dashed ${BRAND.gold};border-radius:8px;font-family:Menlo,Consolas,monospace;font-size:28px;letter-spacing:8px;color:${BRAND.maroon};background:#fff">${escapeHtml(block.code)}</span></p>`;
    case "button":
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="${TABLE_RESET}margin:8px 0 24px"><tr><td style="border-radius:6px;background:${BRAND.maroon}"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 28px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(block.label)}</a></td></tr></table>`;
    case "image":
      return `<p style="margin:0 0 16px;text-align:center"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.width}" style="${IMG_RESET}display:inline-block;width:${block.width}px;height:${block.width}px"></p>`;
    case "rows":
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${TABLE_RESET}margin:0 0 20px;font-size:14px">${block.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:8px 0;border-bottom:1px solid ${BRAND.line};color:#6b5e55;width:40%;vertical-align:top">${escapeHtml(k)}</td><td style="padding:8px 0;border-bottom:1px solid ${BRAND.line};color:${BRAND.ink};vertical-align:top">${escapeHtml(v).replaceAll("\n", "<br>")}</td></tr>`,
        )
        .join("")}</table>`;
  }
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case "paragraph":
      return block.text;
    case "quote":
      return block.text
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n");
    case "code":
      return `    ${block.code}`;
    case "button":
      return `${block.label}: ${block.url}`;
    case "image":
      return block.link ? `${block.alt}: ${block.link}` : block.alt;
    case "rows":
      return block.rows.map(([k, v]) => `${k}: ${v}`).join("\n");
  }
}

/** The store's address in an e-mail's footer: street lines, then city and PIN. */
function footerAddress(store: StoreSettings): string {
  const { line1, line2, city, pincode } = store.address;
  return [line1, line2, `${city} ${pincode}`].filter(Boolean).join(", ");
}

export function renderEmail(spec: EmailSpec, store: StoreSettings): EmailContent {
  const address = footerAddress(store);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(spec.subject)}</title>
<style>${PHONE_CSS}</style></head>
<body style="${BODY_RESET}margin:0;padding:0;background:${BRAND.paper}">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(spec.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${TABLE_RESET}background:${BRAND.paper}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="${TABLE_RESET}max-width:560px;background:#ffffff;border:1px solid ${BRAND.line};border-radius:10px;font-family:Georgia,'Times New Roman',serif">
<tr><td class="em-pad" style="padding:24px 32px;border-bottom:3px solid ${BRAND.gold};text-align:center"><span style="font-size:26px;letter-spacing:6px;color:${BRAND.maroon};font-weight:700">${escapeHtml(store.name.toUpperCase())}</span></td></tr>
<tr><td class="em-pad" style="padding:28px 32px 8px;font-family:Arial,Helvetica,sans-serif">
<h1 style="margin:0 0 18px;font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:600;color:${BRAND.ink}">${escapeHtml(spec.heading)}</h1>
${spec.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td class="em-pad" style="padding:16px 32px 24px;border-top:1px solid ${BRAND.line};font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.6;color:#857a71">
${spec.footerNote ? `<p style="margin:0 0 8px">${escapeHtml(spec.footerNote)}</p>` : ""}
<p style="margin:0">${escapeHtml(store.legalName)} · ${escapeHtml(address)}<br>${escapeHtml(store.phone)} · <a href="mailto:${escapeHtml(store.email)}" style="color:${BRAND.maroon}">${escapeHtml(store.email)}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    store.name.toUpperCase(),
    "",
    spec.heading,
    "",
    ...spec.blocks.map((b) => `${blockText(b)}\n`),
    "--",
    ...(spec.footerNote ? [spec.footerNote] : []),
    `${store.legalName}, ${address}`,
    `${store.phone} · ${store.email}`,
  ].join("\n");
  return { subject: spec.subject, html, text };
}

// ---------------------------------------------------------------- newsletters

/** Stands for each subscriber's own unsubscribe link until the e-mail is addressed. */
export const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/__subscriber__";

/**
 * The admin's custom CSS, made safe to put in a <style> element: '<' cannot occur in CSS outside
 * strings and comments, so escaping it (CSS `\3c `) keeps `</style>`, `<!--` and `<script` from
 * closing the block, while every real rule stays as written. Imports (remote CSS) and legacy
 * script-in-CSS forms are dropped.
 */
export function safeCustomCss(css: string): string {
  return css
    .replaceAll("<", "\\3c ")
    .replace(/@import\b[^;]*;?/gi, "")
    .replace(/expression\s*\(/gi, "(")
    .replace(/(java|vb)script\s*:/gi, "");
}

/** A link as an e-mail needs it: paths on the store become absolute; others stay as given. */
export function absoluteUrl(publicUrl: string, url: string): string {
  if (!url) return "";
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("/") && !url.startsWith("//")) return `${publicUrl.replace(/\/+$/, "")}${url}`;
  return "";
}

/** A stored image at e-mail width (the 640 px variant of /images/<id>-w1280.webp). */
function emailImageUrl(publicUrl: string, url: string): string {
  const sized = url.replace(/^(\/images\/[A-Za-z0-9_-]+)-w\d+\.webp$/, "$1-w640.webp");
  return absoluteUrl(publicUrl, sized);
}

const paragraphs = (value: string) =>
  value
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

export type NewsletterRenderOptions = {
  /** The store's origin: links and images become absolute under it. */
  publicUrl: string;
  /** The subscriber's own unsubscribe page link (UNSUBSCRIBE_PLACEHOLDER while batch-rendering). */
  unsubscribeUrl: string;
};

/**
 * A newsletter e-mail: the template filled in with the newsletter settings (the template's own
 * colours, company name and logo win), table layout at 600 px, styles inlined by juice (the admin's
 * custom CSS included, applied after the base rules so it can restyle the classes `nl-*`), and its
 * plain-text twin. Everything typed is escaped; every link and image is absolute.
 */
export function renderNewsletter(
  template: NewsletterTemplate,
  settings: NewsletterSettings,
  store: StoreSettings,
  options: NewsletterRenderOptions,
): EmailContent {
  const abs = (url: string) => absoluteUrl(options.publicUrl, url);
  const primary =
    template.primaryColor ?? settings.primaryColor ?? DEFAULT_NEWSLETTER_COLORS.primaryColor;
  const accent =
    template.accentColor ?? settings.accentColor ?? DEFAULT_NEWSLETTER_COLORS.accentColor;
  const secondary = settings.secondaryColor ?? DEFAULT_NEWSLETTER_COLORS.secondaryColor;
  const company = template.companyName || settings.companyName || store.name;
  const logo = abs(template.logoUrl || settings.logoUrl);
  const headerImage = emailImageUrl(
    options.publicUrl,
    template.headerImage || settings.headerImage,
  );
  const buttonText = template.buttonText || DEFAULT_BUTTON_TEXT;
  const buttonUrl = abs(template.buttonUrl || DEFAULT_BUTTON_URL);
  const website = abs(settings.websiteUrl) || options.publicUrl;
  const footerText =
    settings.footerText ||
    `You are receiving this e-mail because you subscribed to the ${store.name} newsletter.`;
  // With no social links of its own, the newsletter shows the store's.
  const own = settings.socialLinks;
  const none = !own.instagram && !own.facebook && !own.twitter && !own.linkedin;
  const socials = (
    [
      ["Instagram", none ? store.social.instagram : own.instagram],
      ["Facebook", none ? store.social.facebook : own.facebook],
      ["X (Twitter)", own.twitter],
      ["LinkedIn", own.linkedin],
    ] as const
  )
    .map(([label, url]) => [label, abs(url)] as const)
    .filter(([, url]) => url);
  const address = footerAddress(store);
  const e = escapeHtml;
  const body = paragraphs(template.description);
  const preheader = (body[0] ?? template.mainTitle).slice(0, 140);

  const css = `body{margin:0;padding:0;background:#f1f5f9;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
table{border-collapse:collapse}
img{border:0;outline:none;text-decoration:none;-ms-interpolation-mode:bicubic}
.nl-outer{background:#f1f5f9}
.nl-card{background:#ffffff;font-family:Arial,Helvetica,sans-serif;color:#1f2937}
.nl-header{background:${primary};padding:24px 32px;text-align:center}
.nl-brand{color:#ffffff;font-family:Georgia,'Times New Roman',serif;font-size:26px;letter-spacing:4px;font-weight:bold;text-decoration:none}
.nl-hero{display:block;width:100%;max-width:600px;height:auto}
.nl-content{padding:32px 32px 8px}
.nl-title{margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:28px;line-height:1.25;color:${primary}}
.nl-text{margin:0 0 16px;font-size:16px;line-height:1.65;color:#374151}
.nl-button-cell{border-radius:6px;background:${accent}}
.nl-button{display:inline-block;padding:14px 32px;font-size:15px;font-weight:bold;letter-spacing:1px;color:#ffffff;text-decoration:none}
.nl-note{margin:8px 0 24px;font-size:15px;line-height:1.6;font-style:italic;color:${secondary}}
.nl-footer{background:${secondary};padding:24px 32px;font-size:12px;line-height:1.6;color:#e2e8f0;text-align:center}
.nl-footer a{color:#ffffff;text-decoration:underline}
.nl-social{margin:0 0 12px;font-size:13px}
.nl-small{margin:0 0 8px}
@media only screen and (max-width:600px){.nl-content,.nl-header,.nl-footer{padding-left:16px !important;padding-right:16px !important}.nl-title{font-size:24px !important}}`;
  const custom = safeCustomCss(settings.customCSS);

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(template.subject)}</title>
<style>${css}</style>${custom.trim() ? `\n<style>${custom}</style>` : ""}</head>
<body class="nl-body">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${e(preheader)}</span>
<table role="presentation" class="nl-outer" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" class="nl-card" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px">
<tr><td class="nl-header">${
    logo
      ? `<a href="${e(website)}"><img src="${e(logo)}" alt="${e(company)}" height="48" style="height:48px;width:auto;max-width:240px"></a>`
      : `<a class="nl-brand" href="${e(website)}">${e(company.toUpperCase())}</a>`
  }</td></tr>
${headerImage ? `<tr><td><img class="nl-hero" src="${e(headerImage)}" width="600" alt="${e(template.mainTitle)}"></td></tr>\n` : ""}<tr><td class="nl-content">
<h1 class="nl-title">${e(template.mainTitle)}</h1>
${body.map((p) => `<p class="nl-text">${e(p).replaceAll("\n", "<br>")}</p>`).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td class="nl-button-cell"><a class="nl-button" href="${e(buttonUrl)}">${e(buttonText)}</a></td></tr></table>
${template.footerMessage ? `<p class="nl-note">${e(template.footerMessage).replaceAll("\n", "<br>")}</p>` : ""}
</td></tr>
<tr><td class="nl-footer">
${socials.length > 0 ? `<p class="nl-social">${socials.map(([label, url]) => `<a href="${e(url)}">${e(label)}</a>`).join(" &nbsp;·&nbsp; ")}</p>` : ""}
<p class="nl-small">${e(footerText)}</p>
<p class="nl-small">${e(store.legalName)} · ${e(address)}</p>
<p class="nl-small"><a href="${e(website)}">Visit ${e(company)}</a> &nbsp;·&nbsp; <a href="${e(options.unsubscribeUrl)}">Unsubscribe</a></p>
</td></tr></table></td></tr></table></body></html>`;

  const text = [
    company.toUpperCase(),
    "",
    template.mainTitle,
    "",
    ...body.map((p) => `${p}\n`),
    `${buttonText}: ${buttonUrl}`,
    "",
    ...(template.footerMessage ? [template.footerMessage, ""] : []),
    "--",
    ...socials.map(([label, url]) => `${label}: ${url}`),
    footerText,
    `${store.legalName}, ${address}`,
    `Visit ${company}: ${website}`,
    `Unsubscribe: ${options.unsubscribeUrl}`,
  ].join("\n");
  return { subject: template.subject, html: inlineCss(html), text };
}

/** Fills a batch-rendered newsletter in for one subscriber: their own unsubscribe link. */
export function addressNewsletter(content: EmailContent, unsubscribeUrl: string): EmailContent {
  return {
    subject: content.subject,
    html: content.html.replaceAll(escapeHtml(UNSUBSCRIBE_PLACEHOLDER), escapeHtml(unsubscribeUrl)),
    text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
