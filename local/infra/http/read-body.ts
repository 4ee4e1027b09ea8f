import { readBounded } from "../../../lib/security/action-request";
import { parseJsonBody } from "../../../lib/security/json-body";
import { findInvalidText } from "./invalid-text";

/**
 * Reads a request body as text, stopping as soon as it passes `maxBytes`: an oversized body is
 * refused without being held in memory (a Content-Length that says too much is refused unread).
 */
export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
}

export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readLimitedBytes(request, maxBytes));
}

/** The body's bytes, with the same limit as readLimitedText (uploads: multipart is parsed from them). */
export async function readLimitedBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLarge(`body over ${maxBytes} bytes`);
  const bytes = await readBounded(request.body, maxBytes);
  if (!bytes) throw new BodyTooLarge(`body over ${maxBytes} bytes`);
  return bytes;
}

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; reason: "too-large" | "malformed" | "too-deep" }
  /** NUL or a lone surrogate in a string or key, once decoded: `field` names it (local/infra/http/invalid-text.ts). */
  | { ok: false; reason: "invalid-text"; field: string };

/**
 * A JSON body, read up to `maxBytes` (refused past it without buffering the rest) and parsed with
 * the nesting limit checked first (lib/security/json-body.ts), then invalid text looked for: each
 * stand-in answers the failures in its own service's words, never with a 500.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  let text: string;
  try {
    text = await readLimitedText(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) return { ok: false, reason: "too-large" };
    return { ok: false, reason: "malformed" }; // the client went away mid-body
  }
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return parsed;
  const field = findInvalidText(parsed.value);
  return field ? { ok: false, reason: "invalid-text", field } : parsed;
}
