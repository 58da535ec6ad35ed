/**
 * Branded e-mail layout: table-based with inline styles so common mail clients render it, and a
 * plain-text twin of every message. Everything a user typed is escaped.
 */
import type { StoreSettings } from "@vastra/contracts";

export type EmailContent = { subject: string; html: string; text: string };

export type EmailBlock =
  | { type: "paragraph"; text: string }
  | { type: "code"; code: string }
  | { type: "button"; label: string; url: string }
  | { type: "rows"; rows: Array<[string, string]> }
  | { type: "quote"; text: string };

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
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${BRAND.maroon}"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 28px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(block.label)}</a></td></tr></table>`;
    case "rows":
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse;font-size:14px">${block.rows
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
    case "rows":
      return block.rows.map(([k, v]) => `${k}: ${v}`).join("\n");
  }
}

export function renderEmail(spec: EmailSpec, store: StoreSettings): EmailContent {
  const address = [
    store.address.line1,
    store.address.line2,
    `${store.address.city} ${store.address.pincode}`,
  ].join(", ");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(spec.subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.paper}">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(spec.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.paper}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${BRAND.line};border-radius:10px;font-family:Georgia,'Times New Roman',serif">
<tr><td style="padding:24px 32px;border-bottom:3px solid ${BRAND.gold};text-align:center"><span style="font-size:26px;letter-spacing:6px;color:${BRAND.maroon};font-weight:700">${escapeHtml(store.name.toUpperCase())}</span></td></tr>
<tr><td style="padding:28px 32px 8px;font-family:Arial,Helvetica,sans-serif">
<h1 style="margin:0 0 18px;font-family:Georgia,'Times New Roman',serif;font-size:22px;font-weight:600;color:${BRAND.ink}">${escapeHtml(spec.heading)}</h1>
${spec.blocks.map(blockHtml).join("\n")}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${BRAND.line};font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.6;color:#857a71">
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
