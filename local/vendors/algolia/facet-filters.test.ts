import { FacetFilterError, parentFilter } from "./facet-filters";

describe("parentFilter: Algolia's facetFilters (array AND, nested OR, '-' NOT) on parentId", () => {
  it.each<[string, { filters?: unknown; facetFilters?: unknown }, ReturnType<typeof parentFilter>]>([
    ["nothing", {}, undefined],
    ["an empty array", { facetFilters: [] }, undefined],
    ["an empty OR group", { facetFilters: [[]] }, undefined],
    ["one literal", { facetFilters: ["parentId:1"] }, { kind: "in", ids: ["1"] }],
    ["a string alone", { facetFilters: "parentId:1" }, { kind: "in", ids: ["1"] }],
    ["a quoted value", { facetFilters: ['parentId:"2000"'] }, { kind: "in", ids: ["2000"] }],
    ["filters", { filters: "parentId:7" }, { kind: "in", ids: ["7"] }],
    ["two parents ANDed: nobody has both", { facetFilters: ["parentId:1", "parentId:2"] }, { kind: "in", ids: [] }],
    ["two parents ORed", { facetFilters: [["parentId:1", "parentId:2"]] }, { kind: "in", ids: ["1", "2"] }],
    ["the same parent twice", { facetFilters: ["parentId:1", ["parentId:1"]] }, { kind: "in", ids: ["1"] }],
    ["a negation", { facetFilters: ["-parentId:1"] }, { kind: "notIn", ids: ["1"] }],
    ["two negations ANDed", { facetFilters: ["-parentId:1", "-parentId:2"] }, { kind: "notIn", ids: ["1", "2"] }],
    ["two negations ORed: everyone", { facetFilters: [["-parentId:1", "-parentId:2"]] }, undefined],
    ["a parent and not another", { facetFilters: ["parentId:1", "-parentId:2"] }, { kind: "in", ids: ["1"] }],
    ["a parent and not itself", { facetFilters: ["parentId:1", "-parentId:1"] }, { kind: "in", ids: [] }],
    ["a parent or not another", { facetFilters: [["parentId:1", "-parentId:2"]] }, { kind: "notIn", ids: ["2"] }],
    ["a parent or not itself: everyone", { facetFilters: [["parentId:1", "-parentId:1"]] }, undefined],
    ["filters and facetFilters ANDed", { filters: "parentId:1", facetFilters: [["parentId:1", "parentId:2"]] }, { kind: "in", ids: ["1"] }],
  ])("%s", (_what, params, expected) => {
    expect(parentFilter(params)).toEqual(expected);
  });

  it.each<[string, { filters?: unknown; facetFilters?: unknown }]>([
    ["another attribute", { facetFilters: ["name:x"] }],
    ["no colon", { facetFilters: ["parentId"] }],
    ["nested three deep", { facetFilters: [[["parentId:1"]]] }],
    ["a number", { facetFilters: [1] }],
    ["an object", { facetFilters: {} }],
    ["a boolean in a group", { facetFilters: [[true]] }],
    ["too many filters", { facetFilters: Array.from({ length: 101 }, (_, i) => `parentId:${i}`) }],
    ["the filters language", { filters: "parentId:1 OR parentId:2 AND name:x" }],
    ["filters not a string", { filters: 1 }],
  ])("refuses %s with a 400's message", (_what, params) => {
    expect(() => parentFilter(params)).toThrow(FacetFilterError);
  });
});
