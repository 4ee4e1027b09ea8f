import { draftFromSaved, type SavedEmployment } from "./employment-form";

const saved: SavedEmployment = {
  jobTitle: "Teacher",
  employmentStatus: "full",
  startDate: "2019-08-15T00:00:00.000Z",
  employeeId: "E-1001",
  salary: 61000,
  additionalIncome: null,
  payMonths: 10,
  payFrequency: "biweekly",
  ddAccounts: 1,
  activeMilitary: false,
  choaCostCenter: null,
  choaDepartmentExtension: null,
};

describe("draftFromSaved: the employment form starts from what is known (each fact asked once)", () => {
  it("no employment yet: the salary and additional income the personal details gave", () => {
    expect(draftFromSaved(null, { salary: 52000, additionalIncome: 1200 })).toMatchObject({ salary: 52000, additional: 1200, title: "" });
  });
  it("saved employment wins over the personal details, the additional income with its salary", () => {
    expect(draftFromSaved(saved, { salary: 52000, additionalIncome: 1200 })).toMatchObject({ salary: 61000, additional: null });
  });
  it("nothing known: empty", () => {
    expect(draftFromSaved(null)).toMatchObject({ salary: null, additional: null, status: "full" });
  });
});
