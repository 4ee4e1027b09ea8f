import { seededRandom } from "./seeded-random";

describe("seededRandom (mulberry32)", () => {
  it("gives mulberry32's published sequence for seed 1", () => {
    const next = seededRandom(1);
    expect([next(), next(), next()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });

  it("repeats for the same seed and differs for another", () => {
    const a = seededRandom(20261123);
    const b = seededRandom(20261123);
    const c = seededRandom(20261124);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
  });

  it("stays in [0, 1)", () => {
    const next = seededRandom(7);
    for (let i = 0; i < 10_000; i++) {
      const v = next();
      expect(v >= 0 && v < 1).toBe(true);
    }
  });
});
