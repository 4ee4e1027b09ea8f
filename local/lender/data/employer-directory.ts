import type { EmployerSeed } from "./employers-seed";
import { US_STATES } from "../../../lib/personal/reference-lists";
import { seededRandom } from "../../infra/seeded-random";

/**
 * The generated employer directory: public employers across all 56 states and territories —
 * state governments and their agencies, counties and their offices, cities and their departments,
 * school districts and their schools, hospitals and their units, and stand-alone ("island")
 * employers such as housing authorities and community colleges. Generated at seed time from a
 * fixed seed, so every machine gets the same 100,000 rows without a giant committed file.
 * Names are fictional combinations of ordinary place and person names.
 */

export const DIRECTORY_SIZE = 100_000;
/** Bumped when the generator changes, so a kept database regenerates its directory once. */
export const DIRECTORY_VERSION = 1;
/** Generated ids start here; the hand-written employers (employers-seed.ts) use 1000–8999. */
const FIRST_ID = 100_000;

const CITY_PREFIXES = [
  "Spring", "River", "Oak", "Maple", "Cedar", "Lake", "Fair", "Green", "Clear", "Pine", "Elm", "Ash", "Brook", "Hill",
  "Stone", "Red", "White", "Silver", "Golden", "Rock", "Sun", "Bay", "Glen", "Mill", "Wood", "Willow", "Bright",
  "Rose", "Harbor", "Cliff", "Meadow", "Prairie", "Falcon", "Eagle", "Bear", "Deer", "Fox", "Iron", "Copper", "Crystal",
];
const CITY_SUFFIXES = [
  "field", "ville", "ton", "port", "wood", "dale", "view", "ford", "burg", "side", "land", "mont", "haven", "crest",
  "water", "ridge", "brook", "creek", "springs", "valley", "point", "grove",
];
const SURNAMES = [
  "Lincoln", "Washington", "Jefferson", "Adams", "Madison", "Monroe", "Jackson", "Franklin", "Hamilton", "Roosevelt",
  "Kennedy", "Wilson", "Grant", "Garfield", "Harrison", "Taylor", "Polk", "Pierce", "Hayes", "Cleveland", "McKinley",
  "Truman", "Carver", "Douglass", "Tubman", "Parks", "King", "Chavez", "Earhart", "Edison", "Whitman", "Emerson",
  "Thoreau", "Twain", "Frost", "Hawthorne", "Longfellow", "Audubon", "Muir", "Clemente", "Marshall", "Sequoyah",
  "Keller", "Anthony", "Stanton", "Bethune", "Banneker", "Revere", "Hale", "Irving", "Webster", "Clay", "Houston",
  "Crockett", "Boone", "Lewis", "Clark", "Fremont", "Pike", "Ochoa", "Sotomayor", "Inouye", "Mink", "Ride", "Glenn",
  "Armstrong", "Aldrin", "Salk", "Curie", "Hopper", "Lovelace", "Turing", "Faraday", "Newton", "Galileo", "Kepler",
  "Mendel", "Pasteur", "Nightingale", "Barton", "Blackwell", "Drew", "Marquez", "Rivera", "Lopez", "Nguyen", "Kim",
  "Patel", "Okafor", "Yamamoto", "Hernandez", "Baker", "Cooper", "Morgan", "Bailey", "Reed", "Brooks", "Wallace",
];
const STATE_AGENCIES = [
  "Department of Transportation", "Department of Health", "Department of Corrections", "Department of Revenue",
  "Department of Education", "Department of Natural Resources", "Department of Labor", "Department of Human Services",
  "Department of Public Safety", "State Police", "Department of Motor Vehicles", "Department of Agriculture",
  "Department of Environmental Quality", "Department of Veterans Affairs", "Office of the Attorney General",
];
const CITY_DEPARTMENTS = [
  "Police Department", "Fire Department", "Parks and Recreation", "Public Works", "Water Department",
  "Public Library", "Sanitation Department", "Planning Department",
];
const COUNTY_OFFICES = ["Sheriff's Office", "Public Library", "Health Department", "Road Department", "Clerk's Office", "Juvenile Court"];
const HOSPITAL_UNITS = ["Emergency Department", "Nursing Services", "Laboratory Services", "Surgical Services", "Pharmacy"];
const ISLAND_KINDS = ["Housing Authority", "Transit District", "Community College", "Water District", "Port Authority", "Airport Authority"];
const STATE_CAPITALS: Record<string, string> = {
  AL: "Montgomery", AK: "Juneau", AS: "Pago Pago", AZ: "Phoenix", AR: "Little Rock", CA: "Sacramento", CO: "Denver",
  CT: "Hartford", DE: "Dover", DC: "Washington", FL: "Tallahassee", GA: "Atlanta", GU: "Hagatna", HI: "Honolulu",
  ID: "Boise", IL: "Springfield", IN: "Indianapolis", IA: "Des Moines", KS: "Topeka", KY: "Frankfort", LA: "Baton Rouge",
  ME: "Augusta", MD: "Annapolis", MA: "Boston", MI: "Lansing", MN: "Saint Paul", MS: "Jackson", MO: "Jefferson City",
  MT: "Helena", NE: "Lincoln", NV: "Carson City", NH: "Concord", NJ: "Trenton", NM: "Santa Fe", NY: "Albany",
  NC: "Raleigh", ND: "Bismarck", MP: "Saipan", OH: "Columbus", OK: "Oklahoma City", OR: "Salem", PA: "Harrisburg",
  PR: "San Juan", RI: "Providence", SC: "Columbia", SD: "Pierre", TN: "Nashville", TX: "Austin", UT: "Salt Lake City",
  VT: "Montpelier", VI: "Charlotte Amalie", VA: "Richmond", WA: "Olympia", WV: "Charleston", WI: "Madison", WY: "Cheyenne",
};
const NOT_STATES = new Set(["AS", "DC", "GU", "MP", "PR", "VI"]);

const slug = (s: string) => s.toLowerCase().replace(/['’]/g, "").replace(/[^a-z0-9]+/g, "");

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Settings {
  argyleEnabled: boolean;
  pdfPaystubs: boolean;
  ddSetupType: string;
  defaultPaymentType: string;
}

/** Argyle employers set up direct deposit through Argyle; the rest draw one of the other two. */
function ddSetupTypeOf(argyle: boolean, random: () => number): string {
  if (argyle) return "argyle";
  return random() < 0.5 ? "paperForm" : "payroll";
}

const DISTRICT_WORDS: Record<string, string> = { TX: "Independent School District", CA: "Unified School District" };

function settingsFor(random: () => number): Settings {
  const argyle = random() < 0.3;
  return {
    argyleEnabled: argyle,
    pdfPaystubs: random() < 0.1,
    ddSetupType: ddSetupTypeOf(argyle, random),
    defaultPaymentType: random() < 0.8 ? "directDeposit" : "payrollDeduction",
  };
}

/**
 * The directory, in insertion order (parents before their sub-employers). Deterministic: the same
 * `size` always gives the same rows. The rows stop at exactly `size`; a parent is never cut from
 * its first sub-employers because parents come first.
 */
export function generateDirectory(size: number = DIRECTORY_SIZE): EmployerSeed[] {
  const random = seededRandom(20261123);
  const out: EmployerSeed[] = [];
  let nextId = FIRST_ID;
  const add = (e: Omit<EmployerSeed, "id">): string => {
    const id = String(nextId++);
    if (out.length < size) out.push({ id, ...e });
    return id;
  };
  const family = (parent: Omit<EmployerSeed, "id">, subs: { name: string; city?: string }[]) => {
    const s = settingsFor(random);
    const domain = `${slug(parent.name)}.example`;
    const parentId = add({ ...parent, ...s, domain, acceptedDomains: [domain] });
    for (const sub of subs) add({ ...s, name: sub.name, city: sub.city ?? parent.city, state: parent.state, parentId, domain, acceptedDomains: [domain] });
  };
  const island = (e: Omit<EmployerSeed, "id">) => {
    const s = settingsFor(random);
    const domain = `${slug(e.name)}.example`;
    add({ ...e, ...s, domain, acceptedDomains: [domain] });
  };

  const cityNames = CITY_PREFIXES.flatMap((p) => CITY_SUFFIXES.map((s) => p + s));
  const states = US_STATES.map((s) => ({ ...s, cities: [STATE_CAPITALS[s.abbreviation]!, ...shuffled(cityNames, random)] }));

  // State governments, counties and hospitals first, then cities round-robin over the states until
  // the directory is full, so every state and territory is covered at any size.
  for (const { name, abbreviation: st, cities } of states) {
    const capital = cities[0]!;
    const government = NOT_STATES.has(st) ? `Government of ${name}` : `State of ${name}`;
    family({ name: government, city: capital, state: st }, shuffled(STATE_AGENCIES, random).slice(0, 10).map((a) => ({ name: `${name} ${a}` })));
    for (const county of shuffled(SURNAMES, random).slice(0, 12)) {
      const seat = cities[1 + Math.floor(random() * 60)]!;
      family({ name: `${county} County`, city: seat, state: st }, shuffled(COUNTY_OFFICES, random).slice(0, 4).map((o) => ({ name: `${county} County ${o}` })));
    }
    for (let h = 0; h < 6; h++) {
      const city = cities[h]!;
      if (h % 2 === 0) {
        const hospital = `${city} Regional Medical Center`;
        family({ name: hospital, city, state: st }, shuffled(HOSPITAL_UNITS, random).slice(0, 3).map((u) => ({ name: `${hospital} ${u}` })));
      } else {
        island({ name: `${SURNAMES[Math.floor(random() * SURNAMES.length)]} Memorial Hospital`, city, state: st });
      }
    }
  }
  const districtWord = (st: string) => DISTRICT_WORDS[st] ?? "Public Schools";
  for (let c = 0; out.length < size && c < cityNames.length; c++) {
    for (const { abbreviation: st, cities } of states) {
      if (out.length >= size) break;
      const city = cities[c]!;
      family({ name: `City of ${city}`, city, state: st }, shuffled(CITY_DEPARTMENTS, random).slice(0, 4 + Math.floor(random() * 3)).map((d) => ({ name: `${city} ${d}` })));
      const schools = shuffled(SURNAMES, random);
      const elementary = 5 + Math.floor(random() * 6);
      const middle = 2 + Math.floor(random() * 2);
      family({ name: `${city} ${districtWord(st)}`, city, state: st }, [
        ...schools.slice(0, elementary).map((s) => ({ name: `${s} Elementary School` })),
        ...schools.slice(elementary, elementary + middle).map((s) => ({ name: `${s} Middle School` })),
        { name: `${city} High School` },
        ...(random() < 0.5 ? [{ name: `${schools[elementary + middle]} High School` }] : []),
      ]);
      if (random() < 0.6) island({ name: `${city} ${ISLAND_KINDS[Math.floor(random() * ISLAND_KINDS.length)]}`, city, state: st });
    }
  }
  return out;
}
