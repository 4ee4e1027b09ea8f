/**
 * A small, real PDF (1.4, uncompressed, the standard Helvetica faces): enough for the signed
 * contract's copy to open in any viewer and for a test to read its words. Text is WinAnsi
 * (Latin-1 here); anything outside it prints as "?".
 */

export interface PdfLine {
  text: string;
  bold?: boolean;
  /** Points; 11 unless given. */
  size?: number;
  /** Extra space above the line, in points. */
  gap?: number;
}

const PAGE = { width: 612, height: 792, margin: 72 } as const;
/** Helvetica averages about half an em a character: wrapped to the text width at 11 pt. */
const CHARS_PER_LINE = 88;

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  out.push(line);
  return out;
}

const escapePdf = (s: string) =>
  s
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?")
    .replace(/\\/g, "\\\\")
    .replace(/\(/g, "\\(")
    .replace(/\)/g, "\\)");

/** The pages' content streams: lines wrapped and laid out top to bottom, a new page where one is full. */
function pageStreams(lines: readonly PdfLine[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 11;
    const lead = Math.round(size * 1.35);
    const width = Math.floor((CHARS_PER_LINE * 11) / size);
    y -= line.gap ?? 0;
    for (const piece of wrap(line.text, width)) {
      if (y - lead < PAGE.margin) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= lead;
      pages.at(-1)!.push(`BT /${line.bold ? "F2" : "F1"} ${size} Tf ${PAGE.margin} ${y} Td (${escapePdf(piece)}) Tj ET`);
    }
  }
  return pages.map((p) => p.join("\n"));
}

/** The document's bytes. */
export function renderPdf(title: string, lines: readonly PdfLine[]): Uint8Array<ArrayBuffer> {
  const streams = pageStreams(lines);
  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its content per page.
  const pageIds = streams.map((_, i) => 6 + i * 2);
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${streams.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title (${escapePdf(title)}) /Producer (Local lender stand-in) >>`,
  ];
  streams.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    );
  });
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}
