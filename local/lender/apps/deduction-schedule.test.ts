import { scheduleRows } from "./deduction-schedule";

const rows = (html: string) =>
  [...html.matchAll(/<tr><td>(\d+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td><\/tr>/g)].map(([, n, amount, when]) => ({
    n: Number(n),
    amount,
    when,
  }));

test.each([
  // [what, schedule, rows as [count, amount]]
  ["biweekly, the last equal: one row of 52", { count: 52, regularCents: 9273, lastCents: 9273 }, [[52, "$92.73"]]],
  [
    "monthly, the last smaller: 23 and then 1",
    { count: 24, regularCents: 20162, lastCents: 20146 },
    [
      [23, "$201.62"],
      [1, "$201.46"],
    ],
  ],
] as const)("the TIL payment schedule's rows: %s, adding up to the count", (_what, figures, expected) => {
  const html = scheduleRows({ method: "payroll", frequency: "biweekly", totalCents: 0, ...figures });
  const found = rows(html);
  expect(found.map((r) => [r.n, r.amount])).toEqual(expected);
  expect(found.reduce((sum, r) => sum + r.n, 0)).toBe(figures.count);
  expect(found.at(-1)!.when).toMatch(/last/i);
});
