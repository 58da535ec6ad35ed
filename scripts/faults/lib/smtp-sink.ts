/**
 * An SMTP sink (smtp-server) that can be stopped and started again on the same port, keeping what
 * it received across restarts: for each accepted message its Message-ID (the store derives it from
 * the outbox row: `<outbox id>@outbox.vastra>`), its envelope sender and recipients. Only the
 * headers are read (up to the first blank line), so thousands of messages cost little.
 *
 * Stopping is the server's own close with a short grace: it stops listening at once (a sender then
 * gets "connection refused", as from a mail server that is down) and ends open sessions with
 * 421 after 200 ms. A message counts as received when its DATA was accepted: the 250 reply is sent
 * in the same turn of the event loop, so a stop can never separate "counted" from "acknowledged"
 * (which would make the sender send again and look like a duplicate that the store did not cause).
 */
import { SMTPServer } from "smtp-server";

export type ReceivedMessage = { messageId: string; from: string; to: string[] };

export type SmtpSink = {
  port: number;
  received: ReceivedMessage[];
  readonly running: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** How many times each Message-ID and each recipient was received. */
  tally(): { byId: Map<string, number>; byRecipient: Map<string, number> };
};

const MESSAGE_ID = /^message-id:\s*(<[^>\r\n]+>)/im;

export function createSmtpSink(port: number): SmtpSink {
  const received: ReceivedMessage[] = [];
  let server: SMTPServer | undefined;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      closeTimeout: 200,
      // Many pooled connections from several processes at once.
      maxClients: 200,
      onData(stream, session, callback) {
        let head = "";
        stream.on("data", (chunk: Buffer) => {
          if (head.length < 16_384 && !head.includes("\r\n\r\n")) head += chunk.toString("utf8");
        });
        stream.on("error", callback);
        stream.on("end", () => {
          const headers = head.split("\r\n\r\n")[0] ?? "";
          received.push({
            messageId: MESSAGE_ID.exec(headers)?.[1] ?? "",
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          });
          callback();
        });
      },
    });
  return {
    port,
    received,
    get running() {
      return server !== undefined;
    },
    start() {
      if (server) return Promise.resolve();
      const next = make();
      return new Promise((resolve, reject) => {
        next.once("error", reject);
        next.listen(port, "127.0.0.1", () => {
          next.removeListener("error", reject);
          next.on("error", () => {
            // a client's broken connection: nothing to do
          });
          server = next;
          resolve();
        });
      });
    },
    stop() {
      const current = server;
      server = undefined;
      if (!current) return Promise.resolve();
      return new Promise((resolve) => current.close(() => resolve()));
    },
    tally() {
      const byId = new Map<string, number>();
      const byRecipient = new Map<string, number>();
      for (const m of received) {
        byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
        for (const to of m.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
      }
      return { byId, byRecipient };
    },
  };
}

/** The outbox id a store's Message-ID names (mail/transports.ts messageIdFor), or undefined. */
export function outboxIdOf(messageId: string): string | undefined {
  return /^<([0-9a-f-]{36})@outbox\.vastra>$/.exec(messageId)?.[1];
}
