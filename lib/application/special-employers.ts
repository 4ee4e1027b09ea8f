/**
 * The special children's hospital employer (SPEC section 5): these employer ids, all under one
 * parent, show the extra cost centre and department extension fields. The local employer table
 * seeds the same ids (local/lender/data/employers-seed.ts); a test keeps the two in step.
 */
export const CHILDRENS_HOSPITAL_PARENT_ID = "7000";

export const CHILDRENS_HOSPITAL_EMPLOYER_IDS: readonly string[] = ["7000", "7001", "7002", "7003"];

/** True for the hospital itself or any of its sub-employers, by id or by parent id. */
export function isChildrensHospitalEmployer(employer: { employerId?: string | null; parentId?: string | null }): boolean {
  return (
    (employer.employerId != null && CHILDRENS_HOSPITAL_EMPLOYER_IDS.includes(employer.employerId)) ||
    employer.parentId === CHILDRENS_HOSPITAL_PARENT_ID
  );
}
