/**
 * The pictures' zip of a CSV import (record 0049), read with fflate's streaming unzip so that a
 * zip bomb is stopped while it inflates: at most BULK_LIMITS.zipFiles pictures and
 * BULK_LIMITS.zipUnpackedBytes unpacked in all (counted on the bytes actually produced, not on
 * what the headers claim). The archive is fed in small chunks, so one step inflates little.
 * Pictures are found by their file name (folders ignored, case ignored).
 */
import { BULK_LIMITS, BULK_MESSAGES } from "@vastra/contracts";
import { Unzip, UnzipInflate } from "fflate";
import { ValidationError } from "../errors.ts";

const CHUNK = 16 * 1024;

export const zipKey = (name: string) => (name.split(/[/\\]/).pop() ?? "").trim().toLowerCase();

export function readZip(bytes: Uint8Array): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let count = 0;
  let total = 0;
  let problem: string | undefined;
  const unzip = new Unzip((file) => {
    if (problem || file.name.endsWith("/")) return;
    const key = zipKey(file.name);
    // macOS' resource forks and hidden files are not pictures.
    if (!key || key.startsWith(".") || file.name.startsWith("__MACOSX/")) return;
    count += 1;
    if (count > BULK_LIMITS.zipFiles) {
      problem = BULK_MESSAGES.zipTooBig;
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (problem) return;
      if (error) {
        problem = BULK_MESSAGES.notZip;
        return;
      }
      total += data.length;
      if (total > BULK_LIMITS.zipUnpackedBytes) {
        problem = BULK_MESSAGES.zipTooBig;
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) files.set(key, Buffer.concat(chunks));
    };
    try {
      file.start();
    } catch {
      problem = BULK_MESSAGES.notZip;
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !problem; offset += CHUNK) {
      const end = Math.min(offset + CHUNK, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch {
    problem ??= BULK_MESSAGES.notZip;
  }
  if (problem) throw ValidationError.field("images", problem);
  if (files.size === 0 && bytes.length > 0 && count === 0) {
    throw ValidationError.field("images", BULK_MESSAGES.notZip);
  }
  return files;
}
