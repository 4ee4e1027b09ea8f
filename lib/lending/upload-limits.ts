/**
 * The document upload's size limit, stated on the upload page as "up to 10 MB": a file of exactly
 * this many bytes is accepted. The body around it (multipart boundaries, part headers, the other
 * fields) may be MULTIPART_ALLOWANCE_BYTES larger; the front proxy's body limit (next.config.ts)
 * lets exactly that through, so the upload handler, not the proxy, decides and answers.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE_BYTES;
