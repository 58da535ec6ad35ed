/**
 * Fetching a product picture named by an https:// address in an imported CSV (record 0049).
 * The server asks, so it must never be made to ask itself or the shop's private network (SSRF):
 *
 * - https only, default port 443, no user:password in the address;
 * - the host's every address is checked when connecting (the lookup the socket uses), so a name
 *   that resolves to a loopback, private, link-local, CGNAT, multicast or reserved address (IPv4
 *   or IPv6, including v4-mapped) is refused, and DNS rebinding cannot slip one in afterwards;
 * - no redirects followed (a redirect is reported as the row's error);
 * - at most BULK_LIMITS.remoteImageBytes, BULK_LIMITS.remoteImageMs overall.
 *
 * The bytes then go through the image module (checked and re-encoded like any upload).
 */

import { lookup as dnsLookup } from "node:dns";
import { request } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { BULK_LIMITS } from "@vastra/contracts";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** Whether an IP address is one the server must never connect to for an import. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d or ::ffff:7f00:1): a public IPv4 host has its own address;
    // a mapped one is only ever a way round this check.
    if (/^(0{0,4}:){0,5}:?ffff:/i.test(address)) return true;
    return blocked.check(address, "ipv6");
  }
  return blocked.check(address, "ipv4");
}

export class FetchImageError extends Error {}

/** The address as a URL the import may fetch, or the reason it may not. */
export function checkRemoteAddress(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchImageError("the address is not valid");
  }
  if (url.protocol !== "https:") throw new FetchImageError("only https:// addresses are fetched");
  if (url.username || url.password)
    throw new FetchImageError("addresses with a password are refused");
  if (url.port && url.port !== "443")
    throw new FetchImageError("only the standard https port is used");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 && isForbiddenAddress(host)) {
    throw new FetchImageError("private and local addresses are refused");
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal")) {
    throw new FetchImageError("private and local addresses are refused");
  }
  return url;
}

/** A lookup that refuses forbidden addresses (used by the socket itself: no rebinding). */
const safeLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as Array<{ address: string; family: number }>;
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad || list.length === 0) {
      return callback(
        Object.assign(new Error("private and local addresses are refused"), { code: "EFORBIDDEN" }),
        "",
        4,
      );
    }
    if ((options as { all?: boolean }).all) {
      return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    }
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** The picture's bytes, or a FetchImageError saying why not. */
export async function fetchRemoteImage(raw: string): Promise<Buffer> {
  const url = checkRemoteAddress(raw);
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new FetchImageError(message));
    const req = request(
      url,
      {
        method: "GET",
        lookup: safeLookup,
        timeout: BULK_LIMITS.remoteImageMs,
        headers: { accept: "image/*", "user-agent": "Vastra-catalogue-import" },
      },
      (res) => {
        if ((res.statusCode ?? 0) >= 300 && (res.statusCode ?? 0) < 400) {
          res.resume();
          return fail("the address redirects elsewhere; please give the picture's own address");
        }
        if (res.statusCode !== 200) {
          res.resume();
          return fail(`the server answered ${res.statusCode}`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > BULK_LIMITS.remoteImageBytes) {
            req.destroy();
            fail("the picture is larger than 10 MB");
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", () => fail("the connection was lost"));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      fail("it took too long");
    }, BULK_LIMITS.remoteImageMs);
    timer.unref();
    req.on("timeout", () => {
      req.destroy();
      fail("it took too long");
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      fail(
        error.code === "EFORBIDDEN"
          ? "private and local addresses are refused"
          : "the server could not be reached",
      ),
    );
    req.on("close", () => clearTimeout(timer));
    req.end();
  });
}
