/**
 * What a request's headers allow for an answer prepared ahead (the read model's ready bytes, the
 * guest page cache): which encodings it takes, and whether it holds the answer already.
 */

/** The encodings the Accept-Encoding header allows (q above 0), of br, gzip and `*`. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const found = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br" || name === "gzip" || name === "*") found.add(name);
  }
  return found;
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
