/**
 * fast-check arbitraries for malformed API requests. Bodies start from the route's own schema
 * (values that pass, so the request reaches the service) and break one part or many: wrong
 * types, NUL and lone surrogates, huge strings and numbers, deep nesting, unknown fields, arrays
 * for objects, malformed JSON, wrong content types; path parameters that are not uuids and query
 * strings with repeated keys.
 */
import fc from "fast-check";
import { isType, type JsonSchema, type Operation } from "./openapi.ts";

/** One megabyte of text: below the 1 MiB body limit, so it reaches validation and the services. */
export const MEGABYTE = 1_000_000;

/**
 * Inputs known to trip regexes into backtracking: the old e-mail pattern
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` took quadratic time on "a@a.a.a.…@" (hours at a megabyte), and
 * URL, phone and pincode patterns have the same shapes.
 */
export const redosShapes = (size: number): string[] => [
  `a@${"a.".repeat(size / 2 - 2)}@`,
  `a@${".".repeat(size - 3)}@`,
  "a".repeat(size),
  `a@${"a.".repeat(size / 2 - 2)} `,
  `${"-".repeat(size - 1)}!`,
  `${"1".repeat(size - 1)}x`,
];

// Big strings are made once: generating a megabyte per run would dominate the suite's time.
const HUGE = [...redosShapes(MEGABYTE).slice(0, 3), "\u0000".repeat(MEGABYTE / 2)];
const LONG = ["x".repeat(10_001), "é".repeat(5_000), "\ud83d\ude00".repeat(3_000)];

const NASTY_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\udc00y",
  "\ufeff",
  "\u202etxt.exe",
  "\u200b",
  "\r\n\r\nX-Injected: 1",
  "%00",
  "%ED%A0%80",
  "\\",
  '"',
  "'",
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "$1",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "//evil.example/",
  "../../../etc/passwd",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x10",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "2026-02-30T25:61:00Z",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "a@b",
  "@",
  "user@@example.in",
  "😀👍🏽",
  "नमस्ते",
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -0.0001,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
];

/** Short bad text, for URLs (a megabyte there is refused by Node's header limit before Fastify). */
const nastyShortString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 18, arbitrary: nastyShortString },
  { weight: 2, arbitrary: fc.constantFrom(...LONG) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested arrays and objects up to 1,500 levels deep (JSON.stringify itself gives up near 5,000). */
const deep: fc.Arbitrary<unknown> = fc.constantFrom(50, 1_500).map((depth) => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});

const UNKNOWN_KEYS = ["isAdmin", "role", "id", "userId", "__proto__", "constructor", "extra", ""];

/** Any wrong value: for a field of any type. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...UNKNOWN_KEYS), nastyString) },
  { weight: 1, arbitrary: deep },
);

/** The value one time in eight, null otherwise. */
function rarely<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

// ---------------------------------------------------------------- values that pass

/** Ids the suite made (an existing product, review, order...), so some requests hit real rows. */
export type KnownIds = { uuids: string[] };

let emailCounter = 0;

function validString(schema: JsonSchema, ids: KnownIds): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  switch (schema.format) {
    case "email":
      return fc.constant(null).map(() => `fuzz${++emailCounter}@example.in`);
    case "uuid":
      return fc.oneof(fc.constantFrom(...ids.uuids), fc.uuid());
    case "uri":
    case "url":
      return fc.constantFrom("https://example.in/a", "/products", "http://localhost:3000/x");
    case "date-time":
      return fc.constantFrom("2026-01-01T00:00:00.000Z", new Date().toISOString());
    case "date":
      return fc.constantFrom("2026-01-01", "2025-12-31");
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
    } catch {
      // A pattern JavaScript cannot read: fall through to plain text.
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.constantFrom("M", "L", "Red", "Kurtas", "Lovely fabric", "9876543210", "560001"),
  );
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = isType(schema, "integer");
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + (integer ? 1 : 0.001);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - (integer ? 1 : 0.001);
  const lo = Math.max(min, -1_000_000);
  const hi = Math.min(max, 1_000_000);
  if (lo > hi) return fc.constant(min);
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true });
}

/**
 * A value the schema accepts (or nearly: cross-field rules are not known), where every part may
 * instead be broken with probability about `breakRate`.
 */
export function fromSchema(schema: JsonSchema, ids: KnownIds, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromSchema(schema, ids, depth);
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: nastyValue });
}

function validFromSchema(schema: JsonSchema, ids: KnownIds, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => validFromSchema(b, ids, depth)));
  if (schema.allOf?.length) return validFromSchema(schema.allOf[0]!, ids, depth);
  if (isType(schema, "object") || schema.properties) {
    const props = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, sub] of Object.entries(props)) record[key] = fromSchema(sub, ids, depth + 1);
    return fc
      .tuple(
        fc.record(record, { requiredKeys: [...required].filter((k) => k in props) }),
        rarely(fc.dictionary(fc.constantFrom(...UNKNOWN_KEYS), nastyValue, { maxKeys: 2 })),
        required.size > 0 ? rarely(fc.constantFrom(...required)) : fc.constant(null),
      )
      .map(([value, unknown, drop]) => {
        const out: Record<string, unknown> = { ...value };
        if (unknown) for (const [k, v] of Object.entries(unknown)) out[k] = v;
        if (drop) delete out[drop];
        return out;
      });
  }
  if (isType(schema, "array")) {
    const min = schema.minItems ?? 0;
    const max = Math.min(schema.maxItems ?? 5, Math.max(min, 5));
    return fc.array(fromSchema(schema.items ?? {}, ids, depth + 1), {
      minLength: min,
      maxLength: max,
    });
  }
  if (isType(schema, "string")) return validString(schema, ids);
  if (isType(schema, "integer") || isType(schema, "number")) return validNumber(schema);
  if (isType(schema, "boolean")) return fc.boolean();
  if (isType(schema, "null")) return fc.constant(null);
  return nastyValue;
}

// ---------------------------------------------------------------- requests

export type FuzzRequest = {
  method: Operation["method"];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};

const RAW_BODIES = [
  "{",
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  "null",
  "[]",
  '"text"',
  "1",
  "true",
  "\u0000",
  '{"a":"\\ud800"}',
  '{"a":1e999}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  `{"a":${"1".repeat(400)}}`,
  "a=1&a=2&b[c]=3",
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
];

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "multipart/form-data",
  "application/xml",
  "application/vnd.api+json",
  "*/*",
  "",
];

const BAD_PATH_SEGMENTS = [
  "not-a-uuid",
  "0",
  "-1",
  "00000000-0000-0000-0000-000000000000",
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  "%",
  "..%2F..%2Fetc",
  "x".repeat(5_000),
  "%27%20OR%201%3D1",
  "null",
  "undefined",
  "%F0%9F%98%80",
];

/** Invalid UTF-8 bytes: a lone continuation byte and an encoded surrogate half. */
const BAD_UTF8 = Buffer.from([
  0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0xed, 0xa0, 0x80, 0x22, 0x7d,
]);

// A few callers only: the per-IP limits then soon answer 429, as they would to a real fuzzer,
// instead of the suite hashing thousands of passwords.
const ips = fc.constantFrom("10.9.0.1", "10.9.0.2", "10.9.0.3", "2001:db8::1");

function pathParam(ids: KnownIds): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids.uuids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom(...BAD_PATH_SEGMENTS) },
    { weight: 2, arbitrary: nastyShortString.map((s) => encodeURIComponent(s.toWellFormed())) },
  );
}

function queryString(op: Operation, ids: KnownIds): fc.Arbitrary<string> {
  const names = op.params.filter((p) => p.in === "query");
  const keys = [...names.map((p) => p.name), "extra", "__proto__", "page[]"];
  const value = (name: string) => {
    const param = names.find((p) => p.name === name);
    const valid = param
      ? validFromSchema(param.schema, ids, 0).map((v) => encodeURIComponent(String(v)))
      : fc.constant("1");
    return fc.oneof(
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: fc.constantFrom(...BAD_PATH_SEGMENTS) },
      { weight: 2, arbitrary: nastyShortString.map((s) => encodeURIComponent(s.toWellFormed())) },
    );
  };
  const pair = fc
    .constantFrom(...keys)
    .chain((key) => value(key).map((v) => `${encodeURIComponent(key)}=${v}`));
  // Repeated keys come from drawing the same name twice.
  return fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join("&"));
}

function bodyOf(op: Operation, ids: KnownIds): fc.Arbitrary<string | Buffer | undefined> {
  const schema = op.body;
  const fromOwn = schema
    ? fromSchema(schema, ids).map((v) => JSON.stringify(v) ?? "null")
    : fc.constant(undefined);
  return fc.oneof(
    { weight: 8, arbitrary: fromOwn },
    { weight: 2, arbitrary: nastyValue.map((v) => JSON.stringify(v) ?? "null") },
    {
      weight: 1,
      arbitrary: schema
        ? fromSchema(schema, ids).map((v) => JSON.stringify([v, v]))
        : fc.constant("[]"),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: fc.constant(BAD_UTF8) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export type Session = { role: "guest" | "shopper" | "admin"; cookie?: string };

/** One malformed request to `op`, from one of `sessions`. */
export function requestFor(
  op: Operation,
  ids: KnownIds,
  sessions: Session[],
): fc.Arbitrary<FuzzRequest & { role: Session["role"] }> {
  const pathParams = op.params.filter((p) => p.in === "path");
  const headerParams = op.params.filter((p) => p.in === "header");
  const sendsBody = op.method !== "GET";
  return fc
    .record({
      session: fc.constantFrom(...sessions),
      segments: fc.tuple(...pathParams.map(() => pathParam(ids)), fc.constant("")),
      query: fc.option(queryString(op, ids), { freq: 3 }),
      body: sendsBody ? bodyOf(op, ids) : fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant("application/json") },
        { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      headerValues: fc.tuple(
        ...headerParams.map(() => fc.oneof(fc.uuid(), fc.constantFrom("", "x".repeat(300), "%00"))),
        fc.constant(""),
      ),
      forwardedFor: rarely(fc.constantFrom("1.2.3.4", "::1, 8.8.8.8", "garbage", "")),
      remoteAddress: ips,
    })
    .map(
      ({
        session,
        segments,
        query,
        body,
        contentType,
        headerValues,
        forwardedFor,
        remoteAddress,
      }) => {
        let path = op.path;
        pathParams.forEach((p, i) => {
          path = path.replace(`{${p.name}}`, segments[i]!);
        });
        const headers: Record<string, string> = {};
        if (session.cookie) headers.cookie = session.cookie;
        headerParams.forEach((p, i) => {
          headers[p.name] = headerValues[i]!;
        });
        if (forwardedFor !== null) headers["x-forwarded-for"] = forwardedFor;
        if (body !== undefined && contentType) headers["content-type"] = contentType;
        return {
          role: session.role,
          method: op.method,
          url: query ? `${path}?${query}` : path,
          headers,
          ...(body !== undefined ? { payload: body } : {}),
          remoteAddress,
        };
      },
    );
}
