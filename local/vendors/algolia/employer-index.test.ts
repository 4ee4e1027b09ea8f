import { generateDirectory } from "../../lender/data/employer-directory";
import { editDistance, matchWord, normalizeForSearch, typosAllowed } from "./employer-index";
import { US_STATES } from "../../../lib/personal/reference-lists";

describe("normalizeForSearch (kept in step with migration 130's generated columns)", () => {
  it.each([
    ["Peachtree Children's Healthcare", "peachtree childrens healthcare"],
    ["  Fulton County Sheriff’s Office ", "fulton county sheriffs office"],
    ["Metro USD — Transportation", "metro usd transportation"],
    ["École Élémentaire", "ecole elementaire"],
    ["100%_", "100"],
    ["", ""],
  ])("%p -> %p", (input, expected) => expect(normalizeForSearch(input)).toBe(expected));
});

describe("editDistance (optimal string alignment, bounded)", () => {
  it.each([
    ["metro", "metro", 0],
    ["mtero", "metro", 1], // transposition
    ["metor", "metro", 1],
    ["mero", "metro", 1], // deletion
    ["metrro", "metro", 1], // insertion
    ["netro", "metro", 1], // substitution
    ["ntero", "metro", 2],
  ])("%p vs %p = %p", (a, b, d) => expect(editDistance(a, b, 2)).toBe(d));

  it("stops past the bound and answers bound + 1", () => {
    expect(editDistance("abc", "xyzxyz", 1)).toBe(2);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
  });
});

describe("matchWord", () => {
  const vocab = ["metro", "metropolitan", "memorial", "lincoln", "lakeside", "austin", "county"];
  it.each([
    ["m", ["metro", "metropolitan", "memorial"], []],
    ["metr", ["metro", "metropolitan"], []],
    ["mtero", [], ["metro", "metropolitan"]], // one typo, as a word and as a prefix
    ["linocln", [], ["lincoln"]],
    ["lin", ["lincoln"], []],
    ["lni", [], []], // 3 characters: no typo allowed
    ["cuonty", [], ["county"]],
    ["zzzz", [], []],
  ])("%p", (word, exact, typo) => expect(matchWord(word, vocab)).toEqual({ exact, typo }));

  it("allows one typo from 4 characters and two from 8 (Algolia's defaults)", () => {
    expect([1, 3, 4, 7, 8, 12].map(typosAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("the generated directory", () => {
  const directory = generateDirectory(100_000);

  it("is exactly 100,000 employers, deterministic, with unique ids and parents before their sub-employers", () => {
    expect(directory).toHaveLength(100_000);
    expect(generateDirectory(500)).toEqual(directory.slice(0, 500));
    const seen = new Set<string>();
    for (const e of directory) {
      expect(seen.has(e.id)).toBe(false);
      if (e.parentId) expect(seen.has(e.parentId)).toBe(true);
      seen.add(e.id);
    }
  });

  it("covers all 56 states and territories with governments, counties, cities, school districts, hospitals and islands", () => {
    expect(new Set(directory.map((e) => e.state))).toEqual(new Set(US_STATES.map((s) => s.abbreviation)));
    const names = directory.map((e) => e.name);
    for (const pattern of [
      /^State of /,
      /^Government of Guam$/,
      / County$/,
      /^City of /,
      / Independent School District$/,
      / Elementary School$/,
      / Regional Medical Center$/,
      / Memorial Hospital$/,
      / Housing Authority$/,
    ]) {
      expect(names.some((n) => pattern.test(n))).toBe(true);
    }
    const parents = new Set(directory.filter((e) => e.parentId).map((e) => e.parentId));
    const islands = directory.filter((e) => !e.parentId && !parents.has(e.id));
    expect(parents.size).toBeGreaterThan(5000);
    expect(islands.length).toBeGreaterThan(1000);
  });

  it("uses ids that cannot collide with the hand-written employers", () => {
    expect(directory.every((e) => Number(e.id) >= 100_000)).toBe(true);
  });
});
