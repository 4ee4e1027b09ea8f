import { chooseOther, employerRequestHref, resolvePick, shellRouteFor, subEmployerFilter, type EmployerHit } from "./employer-selection";

const parent: EmployerHit = { objectID: "1000", name: "Metro Unified School District", parentId: null };
const island: EmployerHit = { objectID: "8000", name: "Harbor Point Water District", parentId: null };
const sub: EmployerHit = {
  objectID: "1001",
  name: "Lincoln Elementary School",
  parentId: "1000",
  parentName: "Metro Unified School District",
};

describe("resolvePick (SPEC 5)", () => {
  it.each([
    [
      "a sub-employer is chosen without an island check",
      sub,
      async (): Promise<boolean> => {
        throw new Error("not called");
      },
      { kind: "chosen", employer: sub },
      0,
    ],
    ["an island parent is chosen", island, async (): Promise<boolean> => true, { kind: "chosen", employer: island }, 1],
    [
      "a parent that is not an island opens the sub-employer search",
      parent,
      async (): Promise<boolean> => false,
      { kind: "sub-employer", parent },
      1,
    ],
  ] as const)("%s", async (_name, hit, check, expected, calls) => {
    const checkIsland = jest.fn(check);
    const log = jest.fn();
    expect(await resolvePick(hit, { checkIsland, log })).toEqual(expected);
    expect(checkIsland).toHaveBeenCalledTimes(calls);
    if (calls) expect(checkIsland).toHaveBeenCalledWith(hit.objectID);
    expect(log).not.toHaveBeenCalled();
  });

  it("an island check that fails is only logged, and the parent is taken as chosen", async () => {
    const log = jest.fn();
    const error = new Error("network down");
    expect(await resolvePick(parent, { checkIsland: async () => Promise.reject(error), log })).toEqual({
      kind: "chosen",
      employer: parent,
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("1000"), error);
  });

  it("'Other' means the parent itself", () => {
    expect(chooseOther(parent)).toEqual({ kind: "chosen", employer: parent });
  });
});

describe("subEmployerFilter", () => {
  it.each([
    ["1000", 'parentId:"1000"'],
    ['7"0\\00', 'parentId:"7000"'],
  ])("%p -> %p", (id, filter) => expect(subEmployerFilter(id)).toBe(filter));
});

describe("shellRouteFor", () => {
  it.each([
    ["/apply/authPrequal", "/apply/authPrequal"],
    ["loanDetails", "/apply/loanDetails"],
    ["/offer/contract", "/offer/contract"],
    ["https://evil.example/x", null],
    ["//evil.example", null],
    ["/a b", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%p -> %p", (input, expected) => expect(shellRouteFor(input)).toBe(expected));
});

describe("employerRequestHref: /employerRequest carrying what was typed", () => {
  it.each([
    ["Qqxzzv Robotics", "/employerRequest?employerName=Qqxzzv+Robotics"],
    ["  metro unified  ", "/employerRequest?employerName=metro+unified"],
    ["A&B / C?=#", "/employerRequest?employerName=A%26B+%2F+C%3F%3D%23"],
    ["   ", "/employerRequest"],
    ["x".repeat(300), `/employerRequest?employerName=${"x".repeat(200)}`],
  ])("%j -> %s", (typed, href) => expect(employerRequestHref(typed)).toBe(href));
});
