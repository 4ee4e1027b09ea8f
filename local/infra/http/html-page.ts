/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** What one stand-in page puts in the document every page shares. */
export interface HtmlDocument {
  /** Plain text: escaped here. */
  title: string;
  /** `<meta name content>` tags after the viewport, in order (noindex for most pages; the e-signature page sets its referrer policy). */
  meta: Record<string, string>;
  /** The page's CSS, placed between the style tags as given. */
  style: string;
  /** For a page whose Content-Security-Policy allows its inline style by nonce only. */
  styleNonce?: string;
  /** Raw HTML: everything inside <body>. */
  body: string;
}

/** The document around a stand-in page: one head (charset, viewport, meta, title, inline style) for every page. */
export function htmlDocument(page: HtmlDocument): string {
  const meta = Object.entries(page.meta).map(([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">\n`);
  const nonce = page.styleNonce === undefined ? "" : ` nonce="${escapeHtml(page.styleNonce)}"`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${meta.join("")}<title>${escapeHtml(page.title)}</title>
<style${nonce}>${page.style}</style>
</head>
<body>
${page.body}
</body>
</html>`;
}

/** Search engines skip every stand-in page (see also htmlResponse's x-robots-tag). */
export const NOINDEX = { robots: "noindex" };

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; color: #1a1a1a; }
  .banner { border: 3px dashed #b45309; background: #fffbeb; padding: 1rem; border-radius: .5rem; }
  table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
  th, td { border: 1px solid #d4d4d4; padding: .5rem; text-align: left; }
  code, .code { font-family: ui-monospace, monospace; font-size: 1.1rem; letter-spacing: .1em; }
  a { color: #1d4ed8; }
  a:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
`;

/** A small standalone page for the local stand-ins (no app chrome, no scripts). */
export function htmlPage(title: string, body: string): string {
  return htmlDocument({ title, meta: NOINDEX, style: PAGE_STYLE, body });
}

export function htmlResponse(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "content-security-policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}
