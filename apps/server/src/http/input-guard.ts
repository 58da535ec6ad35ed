/**
 * The one check of every text a caller sends, before any route's validation: a NUL byte or an
 * unpaired surrogate (half of an emoji, which JSON's "\ud83d" escape can carry) cannot be stored
 * by PostgreSQL nor encoded as UTF-8, and used to end in a 500 deep inside a service. Also refuses
 * structures nested absurdly deep and over-long field names, which no form of ours sends.
 */
import type { FastifyInstance } from "fastify";
import { ValidationError } from "../services/errors.ts";

export const UNSUPPORTED_TEXT = "Please remove unsupported characters";
export const UNSUPPORTED_TEXT_FIELD =
  "Please remove unsupported characters (such as a NUL byte or half of an emoji)";
/** Deeper than any of our request bodies (an order is 4 levels). */
export const MAX_DEPTH = 32;
/** Longer than any field name of ours. */
export const MAX_KEY_LENGTH = 100;

function isCleanText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}

/** Throws the 400 for the first bad text in value (a parsed body, query string or params). */
export function checkInput(value: unknown, path = "", depth = 0): void {
  if (typeof value === "string") {
    if (!isCleanText(value)) {
      throw new ValidationError(UNSUPPORTED_TEXT, { [path || "body"]: UNSUPPORTED_TEXT_FIELD });
    }
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const isArray = Array.isArray(value);
  // Only what a parser builds from text: plain objects (the query and params parsers make theirs
  // from a prototype-less class) and arrays, not streams, Buffers or files.
  if (!isArray) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) {
      return;
    }
  }
  if (depth >= MAX_DEPTH) {
    throw new ValidationError(`The request is nested too deeply (at most ${MAX_DEPTH} levels)`);
  }
  if (isArray) {
    for (let i = 0; i < value.length; i++) checkInput(value[i], join(path, String(i)), depth + 1);
    return;
  }
  for (const key in value) {
    if (key.length > MAX_KEY_LENGTH) {
      throw new ValidationError(`A field name is too long (at most ${MAX_KEY_LENGTH} characters)`);
    }
    if (!isCleanText(key)) {
      throw new ValidationError(UNSUPPORTED_TEXT, { [path || "body"]: UNSUPPORTED_TEXT_FIELD });
    }
    checkInput((value as Record<string, unknown>)[key], join(path, key), depth + 1);
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Checks every route's parsed params, query string and body before validation (preValidation
 * runs after the body parser). Field names in `errors` are the route's own, as zod would name them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      checkInput(request.params);
      checkInput(request.query);
      checkInput(request.body);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
