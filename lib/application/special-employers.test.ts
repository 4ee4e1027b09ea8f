import { CHILDRENS_HOSPITAL_EMPLOYER_IDS, CHILDRENS_HOSPITAL_PARENT_ID, isChildrensHospitalEmployer } from "./special-employers";

describe("the special children's hospital employer (SPEC 5)", () => {
  it("is one fixed set of ids under one parent", () => {
    expect(CHILDRENS_HOSPITAL_PARENT_ID).toBe("7000");
    expect(CHILDRENS_HOSPITAL_EMPLOYER_IDS).toEqual(["7000", "7001", "7002", "7003"]);
  });

  it.each([
    [{ employerId: "7000" }, true],
    [{ employerId: "7003", parentId: null }, true],
    [{ employerId: "7999", parentId: "7000" }, true], // a sub-employer by its parent
    [{ parentId: "7000" }, true],
    [{ employerId: "7004" }, false],
    [{ employerId: "1002", parentId: "7001" }, false], // only the hospital itself is a parent that counts
    [{ employerId: null, parentId: null }, false],
    [{}, false],
  ])("%j → %s", (employer, want) => {
    expect(isChildrensHospitalEmployer(employer)).toBe(want);
  });
});
