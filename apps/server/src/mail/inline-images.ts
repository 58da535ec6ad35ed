/**
 * Pictures an e-mail shows inline, made when it is sent (record 0067). The outbox keeps what a
 * picture is of (a QR code's text); the mail worker makes the PNG and attaches it under its
 * Content-ID, which the HTML names as `cid:…`. Gmail and Outlook do not show `data:` pictures, and
 * making the PNG inside the request that queued the e-mail cost an order ~4 ms of the app's CPU.
 */

/** A QR code of `qr`, shown where the HTML says `src="cid:{cid}"`. */
export type InlineImage = { cid: string; qr: string };

/** An inline image ready to attach. */
export type InlineAttachment = {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
};

/** The UPI payment QR's Content-ID in an order e-mail. */
export const UPI_QR_CID = "upi-qr@vastra";

/** The PNGs of the message's inline images (qrcode loads with the first one, record 0054). */
export async function renderInlineImages(images: InlineImage[]): Promise<InlineAttachment[]> {
  if (images.length === 0) return [];
  const { default: QRCode } = await import("qrcode");
  return Promise.all(
    images.map(async (image) => ({
      cid: image.cid,
      filename: `${image.cid.split("@")[0]}.png`,
      contentType: "image/png",
      content: await QRCode.toBuffer(image.qr, {
        type: "png",
        errorCorrectionLevel: "M",
        margin: 2,
        width: 200,
        color: { dark: "#1f1a17", light: "#ffffff" },
      }),
    })),
  );
}

/**
 * The HTML with each attachment's `cid:` reference replaced by its picture as a `data:` URL: for
 * the development mailbox page, which shows the HTML itself rather than a mail client.
 */
export function withDataUrls(html: string, attachments: InlineAttachment[]): string {
  return attachments.reduce(
    (out, a) =>
      out.replaceAll(
        `cid:${a.cid}`,
        `data:${a.contentType};base64,${a.content.toString("base64")}`,
      ),
    html,
  );
}
