import { renderPdf } from "./contract-pdf";

/** The cross-reference table's offsets, each checked to start its object: what a viewer reads first. */
function checkStructure(pdf: string): number {
  expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
  const [, count] = /^xref\n0 (\d+)\n/.exec(pdf.slice(startxref))!;
  const entries = pdf.slice(startxref).split("\n").slice(3, 2 + Number(count));
  entries.forEach((entry, i) => expect(pdf.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
  for (const m of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index + m[0].length;
    expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe("\nendstream");
  }
  return Number(/\/Count (\d+)/.exec(pdf)![1]);
}

const text = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");

it("writes a well-formed PDF whose words can be read, escaping what would end a string", () => {
  const pdf = text(renderPdf("T", [{ text: "Loan amount: $4,000.00", bold: true }, { text: "A (note) with \\ and é, and ✓" }]));
  expect(checkStructure(pdf)).toBe(1);
  expect(pdf).toContain("/F2 11 Tf 72 ");
  expect(pdf).toContain("(Loan amount: $4,000.00) Tj");
  expect(pdf).toContain("(A \\(note\\) with \\\\ and \xe9, and ?) Tj");
});

it("wraps long lines and starts a new page where one is full", () => {
  const long = "word ".repeat(60);
  const pdf = text(renderPdf("T", Array.from({ length: 60 }, () => ({ text: long }))));
  expect(checkStructure(pdf)).toBeGreaterThan(1);
  for (const m of pdf.matchAll(/\((.*?)\) Tj/g)) expect(m[1]!.length).toBeLessThanOrEqual(88);
});
