/**
 * A real SMTP server for tests (smtp-server) that keeps what it receives, and a small MIME reader
 * that is enough for the messages nodemailer writes (headers, nested multiparts, quoted-printable
 * and base64 bodies).
 */
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type MimePart = {
  headers: Record<string, string>;
  /** The bare media type, lower-cased ("text/plain", "multipart/alternative"). */
  type: string;
  body: string;
  /** A base64 part's bytes (an attached picture); its `body` is those bytes read as UTF-8. */
  bytes?: Buffer;
  parts: MimePart[];
};

export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  raw: string;
  message: MimePart;
};

export type SmtpSink = {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
};

/** A TCP port nothing listens on right now (for a moment, on this machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts an SMTP server on 127.0.0.1:port without TLS or required auth, storing each message. */
export function startSmtpSink(port: number): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom;
        received.push({
          envelope: {
            from: from ? from.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          message: parseMime(raw),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve({
        port,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replaceAll("_", " ")),
    );
}

export function parseMime(raw: string): MimePart {
  const source = raw.replace(/\r\n/g, "\n");
  const split = source.indexOf("\n\n");
  const head = split === -1 ? source : source.slice(0, split);
  const rawBody = split === -1 ? "" : source.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(
        line.slice(colon + 1).trim(),
      );
    }
  }
  const contentType = headers["content-type"] ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) throw new Error(`multipart without boundary: ${contentType}`);
    const parts = rawBody
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .map((chunk) => parseMime(chunk.replace(/^\n/, "")));
    return { headers, type, body: "", parts };
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64" ? Buffer.from(rawBody.replace(/\s+/g, ""), "base64") : undefined;
  const body =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(rawBody)
      : bytes
        ? bytes.toString("utf8")
        : rawBody;
  return { headers, type, body: body.replace(/\n$/, ""), ...(bytes ? { bytes } : {}), parts: [] };
}

/** Every leaf part of a message, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);
}
