import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES } from "../../../lib/lending/upload-limits";
import { BodyTooLarge, readLimitedBytes } from "../../infra/http/read-body";

export { MAX_UPLOAD_BYTES };

/**
 * What an identity, pay-stub or tenure document may be: checked by its content (magic bytes), its
 * name's extension consistent with that content, and its size counted while the body streams in.
 * The stand-in's choice of formats is what phones and scanners produce; no HTML, SVG or program
 * ever passes for a document, whatever its name or declared type.
 */

export type DocumentType = "pdf" | "jpeg" | "png" | "heic";

export const DOCUMENT_TYPES: Readonly<Record<DocumentType, { contentType: string; extensions: readonly string[] }>> = {
  pdf: { contentType: "application/pdf", extensions: ["pdf"] },
  jpeg: { contentType: "image/jpeg", extensions: ["jpg", "jpeg"] },
  png: { contentType: "image/png", extensions: ["png"] },
  heic: { contentType: "image/heic", extensions: ["heic", "heif"] },
};

/** The file input's accept list: every allowed extension and content type. */
export const UPLOAD_ACCEPT = Object.values(DOCUMENT_TYPES)
  .flatMap((t) => [...t.extensions.map((x) => `.${x}`), t.contentType])
  .join(",");

/** Bytes the content check needs from the start of a file. */
export const SNIFF_BYTES = 16;

/** HEIF major brands of still images from phones (ISO/IEC 23008-12): HEVC-coded, or the generic image brands. */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

/** The document type the content says, or null when it is none of the allowed ones. */
export function sniffDocumentType(head: Uint8Array): DocumentType | null {
  if (ascii(head, 0, 5) === "%PDF-") return "pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(head, 8, 12))) return "heic";
  return null;
}

export const UPLOAD_MESSAGES = {
  empty: "The file is empty. Choose a PDF, JPEG, PNG or HEIC file.",
  tooLarge: "The file is larger than 10 MB. Choose a smaller file, or a photo at a lower resolution.",
  type: "This file is not a PDF, JPEG, PNG or HEIC document. Upload a scan or photo in one of those formats.",
  name: "The file name is not valid. Rename the file and try again.",
  unreadable: "The upload could not be read. Please try again.",
} as const;

const mismatchMessage = (type: DocumentType) =>
  `The file's name does not match its content: it is a ${type.toUpperCase()} file, so its name should end in .${DOCUMENT_TYPES[type].extensions[0]}. Rename it and try again.`;

export type UploadCheck = { ok: true; type: DocumentType; contentType: string } | { ok: false; message: string };

/**
 * The upload rule: a name of printable characters (at most 255), not empty, at most
 * MAX_UPLOAD_BYTES, content of an allowed type, and a name whose extension is that type's.
 */
export function checkUpload(file: { name: string; size: number; head: Uint8Array }): UploadCheck {
  // Control characters (NUL included) and lone surrogates never belong in a file name.
  if (!file.name || file.name.length > 255 || /[\p{Cc}]/u.test(file.name) || !file.name.isWellFormed()) {
    return { ok: false, message: UPLOAD_MESSAGES.name };
  }
  if (file.size <= 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const type = sniffDocumentType(file.head);
  if (!type) return { ok: false, message: UPLOAD_MESSAGES.type };
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !DOCUMENT_TYPES[type].extensions.includes(extension)) return { ok: false, message: mismatchMessage(type) };
  return { ok: true, type, contentType: DOCUMENT_TYPES[type].contentType };
}

export class UploadRefused extends Error {
  override name = "UploadRefused";
}

/**
 * A form post of the upload pages, read with the body's size counted as it streams (refused past
 * MAX_UPLOAD_BODY_BYTES without reading the rest), then parsed. A body the front proxy cut short at
 * its own limit does not parse: refused as too large when its declared length says so.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  let bytes: Uint8Array;
  try {
    bytes = await readLimitedBytes(request, MAX_UPLOAD_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new UploadRefused(UPLOAD_MESSAGES.tooLarge);
    throw new UploadRefused(UPLOAD_MESSAGES.unreadable);
  }
  try {
    const body = new Response(bytes as BodyInit, { headers: { "content-type": request.headers.get("content-type") ?? "" } });
    return await body.formData();
  } catch {
    const declared = Number(request.headers.get("content-length"));
    throw new UploadRefused(declared > bytes.byteLength ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.unreadable);
  }
}

/** The checked upload of a form's `file` field (its first SNIFF_BYTES read for the content check). */
export async function checkUploadedFile(file: File): Promise<UploadCheck> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return checkUpload({ name: file.name, size: file.size, head });
}
