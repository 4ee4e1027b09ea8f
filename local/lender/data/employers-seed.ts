/**
 * The local employer directory: what the hosted search index and the employer table hold in the
 * cloud. Fictional names; enough shape to try every branch of the employer step (SPEC section 5):
 * parents with sub-employers, one island employer and the special children's hospital.
 */
export interface EmployerSeed {
  id: string;
  name: string;
  parentId?: string;
  city: string;
  state: string;
  logoUrl?: string;
  domain?: string;
  showEmailDomain?: boolean;
  acceptedDomains?: string[];
  signedFormAction?: string;
  pdfPaystubs?: boolean;
  autoRequestIdentity?: boolean;
  argyleEnabled?: boolean;
  argyleSubscribeAlloc?: boolean;
  defaultPaymentType?: string;
  ddSetupType?: string;
}

/** The children's hospital that needs cost centre and department extension (SPEC section 5). */
export const CHILDRENS_HOSPITAL_PARENT_ID = "7000";
export const CHILDRENS_HOSPITAL_EMPLOYER_IDS = ["7000", "7001", "7002", "7003"] as const;

/** Top level, no sub-employers: checkIfIslandInAlgolia answers true for it. */
export const ISLAND_EMPLOYER_ID = "8000";

type Parent = Omit<EmployerSeed, "parentId"> & { subs?: [id: string, name: string, city?: string][] };

const PARENTS: Parent[] = [
  {
    id: "1000", name: "Metro Unified School District", city: "Springfield", state: "IL",
    domain: "metrousd.example", showEmailDomain: true, acceptedDomains: ["metrousd.example"],
    argyleEnabled: true, defaultPaymentType: "directDeposit", ddSetupType: "argyle",
    subs: [
      ["1001", "Lincoln Elementary School"], ["1002", "Washington High School"],
      ["1003", "Jefferson Middle School"], ["1004", "Metro USD Transportation Department"],
    ],
  },
  {
    id: "1100", name: "Riverside County Public Schools", city: "Riverside", state: "CA",
    domain: "rcps.example", acceptedDomains: ["rcps.example"], pdfPaystubs: true,
    defaultPaymentType: "directDeposit", ddSetupType: "paperForm", signedFormAction: "email",
    subs: [["1101", "Riverside High School"], ["1102", "Canyon View Elementary School"], ["1103", "Mesa Verde Middle School"]],
  },
  {
    id: "2000", name: "State of Georgia", city: "Atlanta", state: "GA",
    domain: "georgia.example", acceptedDomains: ["georgia.example", "dot.georgia.example"],
    autoRequestIdentity: true, defaultPaymentType: "payrollDeduction", ddSetupType: "payroll",
    subs: [
      ["2001", "Georgia Department of Transportation"], ["2002", "Georgia Department of Public Health"],
      ["2003", "Georgia Department of Corrections", "Forsyth"],
    ],
  },
  {
    id: "3000", name: "Fulton County", city: "Atlanta", state: "GA", domain: "fultoncounty.example",
    defaultPaymentType: "directDeposit", ddSetupType: "argyle", argyleEnabled: true, argyleSubscribeAlloc: true,
    subs: [["3001", "Fulton County Sheriff's Office"], ["3002", "Fulton County Public Library"]],
  },
  {
    id: "3100", name: "Travis County", city: "Austin", state: "TX", domain: "traviscounty.example",
    defaultPaymentType: "directDeposit", ddSetupType: "paperForm",
    subs: [["3101", "Travis County Health and Human Services"], ["3102", "Travis County Constable"]],
  },
  {
    id: "4000", name: "City of Austin", city: "Austin", state: "TX", domain: "austin.example",
    defaultPaymentType: "directDeposit", ddSetupType: "argyle", argyleEnabled: true,
    subs: [["4001", "Austin Police Department"], ["4002", "Austin Fire Department"], ["4003", "Austin Parks and Recreation"]],
  },
  {
    id: "4100", name: "City of Springfield", city: "Springfield", state: "IL", domain: "springfield.example",
    defaultPaymentType: "directDeposit", ddSetupType: "paperForm",
    subs: [["4101", "Springfield Water Department"], ["4102", "Springfield Public Works"]],
  },
  {
    id: "5000", name: "University of Northfield", city: "Northfield", state: "MN", domain: "northfield.example",
    acceptedDomains: ["northfield.example", "med.northfield.example"], pdfPaystubs: true,
    defaultPaymentType: "directDeposit", ddSetupType: "argyle", argyleEnabled: true,
    subs: [["5001", "University of Northfield College of Engineering"], ["5002", "University of Northfield Medical Center"]],
  },
  {
    id: "5100", name: "Lakeside Community College", city: "Cleveland", state: "OH", domain: "lakeside.example",
    defaultPaymentType: "directDeposit", ddSetupType: "paperForm",
    subs: [["5101", "Lakeside Community College Eastern Campus"], ["5102", "Lakeside Community College Western Campus"]],
  },
  {
    id: "6000", name: "Metropolitan Transit Authority", city: "Chicago", state: "IL", domain: "metrotransit.example",
    defaultPaymentType: "payrollDeduction", ddSetupType: "payroll",
    subs: [["6001", "Metropolitan Transit Authority Bus Operations"], ["6002", "Metropolitan Transit Authority Rail Operations"]],
  },
  {
    id: CHILDRENS_HOSPITAL_PARENT_ID, name: "Peachtree Children's Healthcare", city: "Atlanta", state: "GA",
    domain: "peachtreechildrens.example", acceptedDomains: ["peachtreechildrens.example"],
    defaultPaymentType: "directDeposit", ddSetupType: "paperForm", signedFormAction: "fax",
    subs: [
      ["7001", "Peachtree Children's Hospital at Egleston"], ["7002", "Peachtree Children's Hospital at Scottish Rite"],
      ["7003", "Peachtree Children's Hughes Spalding"],
    ],
  },
  {
    id: ISLAND_EMPLOYER_ID, name: "Harbor Point Water District", city: "Harbor Point", state: "ME",
    domain: "harborpointwater.example", defaultPaymentType: "directDeposit", ddSetupType: "paperForm",
  },
];

/** Parents first, so that a sub-employer's foreign key always finds its parent. */
export const EMPLOYERS: readonly EmployerSeed[] = PARENTS.flatMap(({ subs = [], ...parent }) => [
  parent,
  ...subs.map(([id, name, city]) => ({
    ...parent,
    id,
    name,
    city: city ?? parent.city,
    parentId: parent.id,
  })),
]);
