/**
 * The shape of a server-action request, checked at the edge before Next decodes it: Next answers
 * a body its decoder cannot read (not JSON, a reference to a part that is not there, a broken
 * multipart form, or one over its size limit) with a 500. Every action of this app is called from
 * script (lib/security/request-policy.ts refuses the rest), so a well-formed request is:
 *  - at most ACTION_BODY_LIMIT_BYTES, refused by Content-Length before reading, and while reading;
 *  - text/plain (React's encodeReply of plain values): UTF-8 JSON, an array of the arguments,
 *    nested at most MAX_JSON_DEPTH, no NUL or lone surrogate, and no string that refers to a form
 *    part (a text body has none);
 *  - or multipart/form-data (encodeReply with files): a form that parses, whose part "0" is such
 *    JSON.
 * Anything else is a 400 (413 over the limit) with our own words. Runtime-neutral (the edge).
 */
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "./json-body";
import { hasInvalidText } from "./text";

/** One limit for server-action bodies: next.config.ts gives Next the same (serverActions.bodySizeLimit). */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;
export const REQUEST_TOO_LARGE = "The request is too large.";
export const MALFORMED_REQUEST = "The request could not be read.";

export type ActionRefusal = { status: 400 | 413; reason: string };

const tooLarge: ActionRefusal = { status: 413, reason: REQUEST_TOO_LARGE };
const malformed = (detail: string): ActionRefusal => ({ status: 400, reason: `${MALFORMED_REQUEST} (${detail})` });

/** Values encodeReply writes as "$…" without a form part: an escaped "$", undefined, the special numbers, dates and bigints. */
const STANDALONE_REFERENCE = /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n-?\d+$)/;

/** Reads at most `limit` bytes of a body, stopping as soon as it passes; undefined when it is longer (the stand-ins read bodies with it too). */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/** The first problem in an action's decoded arguments (bounded depth: the walk is shallow). */
function argumentProblem(value: unknown, partsAllowed: boolean): string | undefined {
  if (typeof value === "string") {
    if (hasInvalidText(value)) return "invalid characters";
    if (!partsAllowed && value.startsWith("$") && !STANDALONE_REFERENCE.test(value)) return "a reference to a missing part";
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = argumentProblem(v, partsAllowed);
      if (problem) return problem;
    }
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (hasInvalidText(k)) return "invalid characters";
      const problem = argumentProblem(v, partsAllowed);
      if (problem) return problem;
    }
  }
  return undefined;
}

function argumentsProblem(text: string, partsAllowed: boolean): string | undefined {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return "nested too deep";
  let args: unknown;
  try {
    args = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  if (!Array.isArray(args)) return "not a list of arguments";
  return argumentProblem(args, partsAllowed);
}

export async function checkActionRequest(request: Request): Promise<ActionRefusal | undefined> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > ACTION_BODY_LIMIT_BYTES) return tooLarge;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "text/plain" && mediaType !== "multipart/form-data") return malformed("content type");
  const bytes = await readBounded(request.body, ACTION_BODY_LIMIT_BYTES);
  if (!bytes) return tooLarge;
  if (mediaType === "text/plain") {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return malformed("not UTF-8");
    }
    const problem = argumentsProblem(text, false);
    return problem ? malformed(problem) : undefined;
  }
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return malformed("not a form");
  }
  const first = form.get("0");
  if (typeof first !== "string") return malformed("no arguments");
  const problem = argumentsProblem(first, true);
  return problem ? malformed(problem) : undefined;
}
