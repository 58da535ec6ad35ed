/**
 * Test support for upload tests: small real images made with sharp, and a multipart body as a
 * browser sends it (one file field), for app.inject.
 */
import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";

/** A small PNG (or JPEG) of one colour. */
export async function testImage(
  format: "png" | "jpeg" = "png",
  background = "#7a1f3d",
): Promise<Buffer> {
  const image = sharp({ create: { width: 48, height: 60, channels: 3, background } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export function multipart(
  bytes: Buffer,
  options: { filename?: string; field?: string; type?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vastra${randomBytes(8).toString("hex")}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? "image"}"; filename="${options.filename ?? "kurta.png"}"\r\n` +
    `Content-Type: ${options.type ?? "image/png"}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export const newSession = () => randomUUID();
