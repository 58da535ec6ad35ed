import { describe, expect, it } from "vitest";
import { createPoller } from "./poller.ts";

describe("createPoller", () => {
  it("runs its first round after pollMs, or at once when started with now", async () => {
    const rounds: string[] = [];
    const later = createPoller(async () => rounds.push("later"), {
      pollMs: 60_000,
      onError: () => {},
    });
    const now = createPoller(async () => rounds.push("now"), { pollMs: 60_000, onError: () => {} });
    later.start();
    now.start({ now: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([later.stop(), now.stop()]);
    expect(rounds).toEqual(["now"]);
  });
});
