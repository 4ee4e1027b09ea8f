/**
 * Landing-page headings by employer group or segment key (SPEC 2). The marketing site renders the
 * landing pages; the shell reads the keys: every key is a landing alias (/{key}) in the route
 * table, so adding a key here adds its route.
 */

export const SEGMENT_HEADINGS = {
  healthcare: "Affordable Loans for Healthcare Workers",
  federal: "Affordable Loans for Federal Employees",
  government: "Affordable Loans for Government Employees",
  "bad-credit": "Personal Loans for Employees with Less-Than-Perfect Credit",
  "personal-loans": "Personal Loans for Employees",
  "fast-loans": "Fast Personal Loans for Employees",
  "law-enforcement": "Affordable Loans for Law Enforcement Officers",
} as const;

export const EMPLOYER_HEADINGS = {
  teachers: "Affordable Loans for Teachers",
  "school-districts": "Affordable Loans for School District Employees",
  universities: "Affordable Loans for University Employees",
  "state-employees": "Affordable Loans for State Employees",
  "county-employees": "Affordable Loans for County Employees",
  "city-employees": "Affordable Loans for City Employees",
  "transit-workers": "Affordable Loans for Transit Workers",
  firefighters: "Affordable Loans for Firefighters",
  "childrens-hospital": "Affordable Loans for Children's Hospital Employees",
} as const;

export const LANDING_HEADINGS: Readonly<Record<string, string>> = { ...SEGMENT_HEADINGS, ...EMPLOYER_HEADINGS };

export type LandingKey = keyof typeof SEGMENT_HEADINGS | keyof typeof EMPLOYER_HEADINGS;

export const LANDING_KEYS = Object.keys(LANDING_HEADINGS) as LandingKey[];
