/**
 * NoticeWaits (records 0028, 0068): a process learns that its listener hears by sending itself a
 * ping; what waits on a condition wakes with each notice. The listener is played here by hand: the
 * fake database's `execute` is the ping's send, and `takePing` is the listener passing it on.
 */
import { describe, expect, it } from "vitest";
import type { Database } from "./client.ts";
import { NoticeWaits } from "./notice-waits.ts";

/** A database whose pg_notify is handed to `onSend` (the ping's payload is its last parameter). */
function fakeDatabase(onSend: (payload: string) => void): Database {
  return {
    db: {
      execute: async (query: { queryChunks: unknown[] }) => {
        const params = query.queryChunks.filter(
          (chunk): chunk is string => typeof chunk === "string",
        );
        onSend(params.at(-1)!);
        return [];
      },
    },
  } as unknown as Database;
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("NoticeWaits", () => {
  it("hears its ping when the listener passes it on after the send returns", async () => {
    const waits = new NoticeWaits();
    const database = fakeDatabase((payload) => {
      setTimeout(() => waits.takePing(payload), 5);
    });
    expect(await waits.hears(database, "chan", 1_000)).toBe(true);
    expect(waits.pending).toBe(0);
  });

  it("hears its ping when it arrives before the send returns (PGlite)", async () => {
    const waits = new NoticeWaits();
    const database = fakeDatabase((payload) => waits.takePing(payload));
    expect(await waits.hears(database, "chan", 1_000)).toBe(true);
  });

  it("does not hear a ping that never comes back, and keeps nothing of one that comes late", async () => {
    const waits = new NoticeWaits();
    let sent = "";
    const database = fakeDatabase((payload) => {
      sent = payload;
    });
    const started = performance.now();
    expect(await waits.hears(database, "chan", 50)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(waits.takePing(sent)).toBe(true);
    expect(waits.pending).toBe(0);
  });

  it("ignores other processes' pings and keeps none of them", async () => {
    const waits = new NoticeWaits();
    for (let i = 0; i < 100; i++) expect(waits.takePing(`ping:other-${i}`)).toBe(true);
    expect(waits.pending).toBe(0);
    // Someone else's ping does not answer ours.
    const database = fakeDatabase(() => waits.takePing("ping:someone-else"));
    expect(await waits.hears(database, "chan", 50)).toBe(false);
    // A notice that is not a ping is the caller's to apply.
    expect(waits.takePing("live:3:stock:abc")).toBe(false);
    expect(waits.takePing("0b6f1c9e-user-id")).toBe(false);
  });

  it("hears two pings sent at once, each its own", async () => {
    const waits = new NoticeWaits();
    const sent: string[] = [];
    const database = fakeDatabase((payload) => sent.push(payload));
    const first = waits.hears(database, "chan", 1_000);
    const second = waits.hears(database, "chan", 1_000);
    await later(5);
    expect(sent).toHaveLength(2);
    waits.takePing(sent[1]!);
    expect(await second).toBe(true);
    expect(waits.pending).toBe(1);
    waits.takePing(sent[0]!);
    expect(await first).toBe(true);
    expect(waits.pending).toBe(0);
  });

  it("waits for a condition until a notice makes it true, or says false when none does", async () => {
    const waits = new NoticeWaits();
    let version = 1;
    const reached = waits.until(() => version >= 3, 1_000);
    version = 2;
    waits.wake();
    version = 3;
    setTimeout(() => waits.wake(), 5);
    expect(await reached).toBe(true);
    expect(await waits.until(() => version >= 3, 1_000)).toBe(true);
    const started = performance.now();
    expect(await waits.until(() => version >= 4, 50)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });
});
