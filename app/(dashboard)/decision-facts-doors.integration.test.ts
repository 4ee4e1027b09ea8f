/**
 * The decision's inputs (lib/application/decision-inputs.ts) are final once the rate check has
 * decided (issues 43 and 49: employer and state were locked one family at a time, income and pay
 * not). The rule lives where the data changes (the API's writing transaction,
 * local/lender/rules/application-rules.ts decideDecisionInputChange); this table calls every door
 * that can change an input — the GraphQL API as a client calls it, /employment's and /personal's
 * server actions, the lending app's stand-in pages — for every input it takes, at steps before and
 * after the decision: before, the change is made; after, it is refused with DECISION_FACTS_LOCKED
 * and nothing is written; the stored values sent again are no change, and the details the decision
 * did not use still change.
 */
import { DECISION_INPUTS, type DecisionInput } from "@/lib/application/decision-inputs";
import type { ActionResult } from "@/lib/actions/action-result";
import {
  AppliesDocument,
  EmploymentInformationNextHandlerDocument,
  IdentifiesDocument,
  PreQualificationDocument,
  SetEmployerDocument,
} from "@/lib/graphql/generated/operations";
import { LOCAL_DEFAULTS } from "@/lib/config/env";
import { arrange, gql, signUpUser, sql, standInSuite, type GqlReply, type NewUser } from "@/local/lender/graphql/testing/api-test-kit";
import { actingAs } from "@/local/lender/graphql/testing/act-as";
import { chooseEmployerAction, saveEmploymentAction } from "./employment/actions";
import { changeStateOfResidence, correctIdentity, updateLoanRequest } from "./personal/actions";

jest.setTimeout(240_000);

// The actions act as whoever the test names (local/lender/graphql/testing/act-as.ts); /employment's
// save looks its employer up with the public key, so that one is the stand-in's too.
jest.mock("@/lib/session/signed-in-api", () => {
  const kit = jest.requireActual("@/local/lender/graphql/testing/act-as");
  const { publicClient } = jest.requireActual("@/lib/graphql/client");
  const { LOCAL_DEFAULTS: defaults } = jest.requireActual("@/lib/config/env");
  return { ...kit.signedInApiStandIn, publicApi: async () => publicClient(kit.actingAs.url, defaults.graphqlApiKey) };
});

const server = standInSuite();
beforeAll(() => {
  actingAs.url = `${server.url}/api/local/graphql`;
  expect(LOCAL_DEFAULTS.graphqlApiKey).toBeTruthy();
});

// ---------------------------------------------------------------------------------------------
// The applicant's stored facts, and another value for each input.

const EMPLOYER = "1001";
const LOAN = { amount: 4000, reason: "Medical Bills", other: "", state: "IL", type: "personal" };
// No home address: the review's own state-versus-address rule stays out of the way.
// The personal details carry the amount too (as /personal sends it: the loan request's).
const IDENTITY = {
  given_name: "Jordan",
  family_name: "Rivera",
  birthdate: "1988-02-03",
  ssn: "666000001",
  salary: 52000,
  additionalIncome: 0,
  amount: LOAN.amount,
};
const JOB = {
  id: "E-1001",
  title: "Teacher",
  status: "full",
  start: "2019-08-15",
  salary: 52000,
  additional: 0,
  payMonths: 12,
  payFrequency: "biweekly",
  ddAccounts: 1,
  activeMilitary: false,
};

const CHANGED: Record<DecisionInput, string | number> = {
  ssn: "666000004",
  given_name: "Alex",
  middle_name: "Quinn",
  family_name: "Kim",
  birthdate: "1990-01-01",
  employerId: "1002",
  state: "ME",
  amount: 5000,
  salary: 62000,
  additionalIncome: 1000,
  payFrequency: "monthly",
  payMonths: 10,
  employmentStatus: "part",
  startDate: "2018-01-02",
  jobTitle: "Principal",
};

/** The employment step's argument of each input it takes. */
const JOB_ARG = {
  jobTitle: "title",
  employmentStatus: "status",
  startDate: "start",
  salary: "salary",
  additionalIncome: "additional",
  payMonths: "payMonths",
  payFrequency: "payFrequency",
} as const satisfies Partial<Record<DecisionInput, keyof typeof JOB>>;
type JobInput = keyof typeof JOB_ARG;
const jobWith = (input?: JobInput) => (input ? { ...JOB, [JOB_ARG[input]]: CHANGED[input] } : JOB);

/** Every stored copy of every input, to prove a refused change wrote nothing. */
const stored = async (sub: string) =>
  (
    await sql(
      server.url,
      `SELECT a.employer_id, a.state_of_residence, a.amount_applied_for::text AS amount_applied_for,
              p.ssn, p.given_name, p.middle_name, p.family_name, p.birthdate::text AS birthdate,
              p.salary::text AS p_salary, p.additional_income::text AS p_additional, p.amount::text AS p_amount,
              e.salary::text AS salary, e.additional_income::text AS additional, e.pay_frequency, e.pay_months,
              e.employment_status, e.start_date::text AS start_date, e.job_title, e.employee_id, e.dd_accounts
         FROM applications a JOIN personal p ON p.sub = a.sub JOIN employment e ON e.sub = a.sub WHERE a.sub = $1`,
      [sub],
    )
  )[0];

/** A new applicant with every input stored through the API, moved to `step`. */
async function applicantAt(step: string): Promise<NewUser> {
  const u = await signUpUser(server.url, "decision");
  const auth = { token: u.token };
  expect((await gql(server.url, auth, SetEmployerDocument, { employerId: EMPLOYER })).body.data?.setEmployer?.validationError).toBeNull();
  expect((await gql(server.url, auth, AppliesDocument, LOAN)).body.errors).toBeUndefined();
  // Each input at the step where the lender's state machine takes it (identity from the details step, the job from the job step).
  await arrange(server.url, "UPDATE applications SET step = 'personalInformation' WHERE sub = $1", [u.sub]);
  expect((await gql(server.url, auth, IdentifiesDocument, { ...IDENTITY, accountSettings: true })).body.errors).toBeUndefined();
  await arrange(server.url, "UPDATE applications SET step = 'employmentInformation' WHERE sub = $1", [u.sub]);
  const job = await gql(server.url, auth, EmploymentInformationNextHandlerDocument, JOB);
  expect(job.body.data?.employmentInformationNextHandler?.validationError).toBeNull();
  await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
  return u;
}

// ---------------------------------------------------------------------------------------------
// The doors.

/** What a door answered: done, or refused with the API's reason code (and field) or the action's failure. */
type Outcome = { done: true } | { done: false; reason?: string | undefined; field?: string | undefined; rule?: string | undefined };

const fromApi = (reply: GqlReply, validationError?: string | null): Outcome => {
  const error = reply.body.errors?.[0] as { errorInfo?: { reason?: string; field?: string } | null } | undefined;
  if (!error && !validationError) return { done: true };
  return { done: false, reason: error?.errorInfo?.reason ?? validationError ?? undefined, field: error?.errorInfo?.field };
};
const fromAction = (result: ActionResult): Outcome =>
  result.ok ? { done: true } : { done: false, reason: result.reason, rule: result.rule };

interface Door {
  name: string;
  inputs: readonly DecisionInput[];
  /** The step before the decision at which the door is open. */
  openAt: string;
  /** Sends `input` changed, or (without one) the stored values again. */
  send: (u: NewUser, input?: DecisionInput) => Promise<Outcome>;
  /** What the door answers after the decision when an input is changed. */
  refused: (input: DecisionInput) => Outcome;
  /** Whether the door is open after the decision at all (the stored values again are no change). */
  openAfter: boolean;
}

const LOCKED = (field: string): Outcome => ({ done: false, reason: "DECISION_FACTS_LOCKED", field });
const ACTION_LOCKED: Outcome = { done: false, reason: "refused", rule: "DECISION_FACTS_LOCKED" };
// /personal's review and loan-request forms are its pages' before the rate check: after it the page
// mode has moved on (accountSettings), so the action refuses before it calls; the API would too.
const PAGE_CLOSED: Outcome = { done: false, reason: "wrong-step", rule: undefined };

const as = (u: NewUser) => {
  actingAs.user = u;
  return { token: u.token };
};

const DOORS: readonly Door[] = [
  {
    name: "the API's identifies",
    inputs: ["ssn", "given_name", "middle_name", "family_name", "birthdate", "salary", "additionalIncome", "amount"],
    openAt: "authPrequal",
    openAfter: true,
    send: async (u, input) => {
      const vars = input ? { accountSettings: true, [input]: CHANGED[input] } : { ...IDENTITY, accountSettings: true };
      return fromApi(await gql(server.url, as(u), IdentifiesDocument, vars));
    },
    refused: (input) => LOCKED(input),
  },
  {
    name: "the API's applies",
    inputs: ["state", "amount"],
    openAt: "authPrequal",
    openAfter: true,
    send: async (u, input) => fromApi(await gql(server.url, as(u), AppliesDocument, input ? { ...LOAN, [input]: CHANGED[input] } : LOAN)),
    refused: (input) => LOCKED(input),
  },
  {
    name: "the API's setEmployer",
    inputs: ["employerId"],
    openAt: "authPrequal",
    openAfter: true,
    send: async (u, input) => {
      const reply = await gql(server.url, as(u), SetEmployerDocument, { employerId: input ? String(CHANGED.employerId) : EMPLOYER });
      return fromApi(reply, reply.body.data?.setEmployer?.validationError);
    },
    refused: () => LOCKED("employerId"),
  },
  {
    name: "the API's employmentInformationNextHandler",
    inputs: Object.keys(JOB_ARG) as JobInput[],
    openAt: "authPrequal",
    openAfter: true,
    send: async (u, input) => {
      const reply = await gql(server.url, as(u), EmploymentInformationNextHandlerDocument, jobWith(input as JobInput | undefined));
      return fromApi(reply, reply.body.data?.employmentInformationNextHandler?.validationError);
    },
    refused: (input) => LOCKED(JOB_ARG[input as JobInput]),
  },
  {
    name: "/employment's details save",
    inputs: Object.keys(JOB_ARG) as JobInput[],
    openAt: "authPrequal",
    openAfter: true,
    send: async (u, input) => {
      as(u);
      return fromAction(await saveEmploymentAction(EMPLOYER, jobWith(input as JobInput | undefined)));
    },
    refused: () => ACTION_LOCKED,
  },
  {
    name: "/employment's employer choice",
    inputs: ["employerId"],
    openAt: "authPrequal",
    openAfter: true,
    send: async (u, input) => {
      as(u);
      return fromAction(await chooseEmployerAction(input ? String(CHANGED.employerId) : EMPLOYER));
    },
    refused: () => ACTION_LOCKED,
  },
  {
    name: "/personal's loan-request change (the review)",
    inputs: ["state", "amount"],
    openAt: "authPrequal",
    openAfter: false,
    send: async (u, input) => {
      as(u);
      return fromAction(await updateLoanRequest(input ? { ...LOAN, [input]: CHANGED[input] } : LOAN));
    },
    refused: () => PAGE_CLOSED,
  },
  {
    name: "/personal's state-of-residence fix",
    inputs: ["state"],
    openAt: "personalInformation",
    openAfter: false,
    send: async (u, input) => {
      as(u);
      return fromAction(await changeStateOfResidence({ state: input ? CHANGED.state : LOAN.state }));
    },
    refused: () => PAGE_CLOSED,
  },
  {
    name: "/personal's identity correction (the review)",
    inputs: ["ssn", "given_name", "middle_name", "family_name", "birthdate"],
    openAt: "authPrequal",
    openAfter: false,
    send: async (u, input) => {
      as(u);
      const { given_name, family_name, birthdate, ssn } = IDENTITY;
      return fromAction(await correctIdentity({ given_name, family_name, birthdate, ssn, ...(input ? { [input]: CHANGED[input] } : {}) }));
    },
    refused: () => PAGE_CLOSED,
  },
];

it("the doors take every decision input between them (an input no door takes would be untested)", () => {
  expect(new Set(DOORS.flatMap((d) => d.inputs))).toEqual(new Set(DECISION_INPUTS));
});

// One applicant per step after the decision, shared: a refused change writes nothing (checked), so
// the doors cannot disturb each other. Each test creates it on first use, so any order works.
const after = new Map<string, Promise<NewUser>>();
const applicantAfter = (step: string) => {
  if (!after.has(step)) after.set(step, applicantAt(step));
  return after.get(step)!;
};

const AFTER_DECISION = ["prequalApprove", "fundingAccount", "Offer Sent", "activeLoan"];
const ROWS = DOORS.flatMap((door) => door.inputs.map((input) => [door.name, input, door] as const));

// A refused application is closed (the state machine's APPLICATION_CLOSED comes before the locked
// inputs): every door refuses every change, and the stored values sent again too; nothing is written.
describe("a refused application (at prequalRej)", () => {
  it.each(ROWS)("%s refuses a change of %s as the application closed, and nothing is written", async (_name, input, door) => {
    const u = await applicantAfter("prequalRej");
    const before = await stored(u.sub);
    const outcome = await door.send(u, input);
    expect(outcome).toMatchObject({ done: false });
    if (!outcome.done && outcome.reason !== "wrong-step") expect([outcome.reason, outcome.rule]).toContain("APPLICATION_CLOSED");
    expect(await stored(u.sub)).toEqual(before);
  });
});

describe.each(AFTER_DECISION)("after the decision (at %s)", (step) => {
  it.each(ROWS)("%s refuses a change of %s, and nothing is written", async (_name, input, door) => {
    const u = await applicantAfter(step);
    const before = await stored(u.sub);
    expect(await door.send(u, input)).toEqual(door.refused(input));
    expect(await stored(u.sub)).toEqual(before);
  });

  it.each(DOORS.filter((d) => d.openAfter).map((d) => [d.name, d] as const))(
    "%s takes the stored values sent again (no change)",
    async (_name, door) => {
      const u = await applicantAfter(step);
      const before = await stored(u.sub);
      expect(await door.send(u)).toEqual({ done: true });
      expect(await stored(u.sub)).toEqual(before);
    },
  );

  it("the details the decision did not use still change (employee ID, accounts), through the API and /employment", async () => {
    const u = await applicantAfter(step);
    const before = await stored(u.sub);
    const reply = await gql(server.url, as(u), EmploymentInformationNextHandlerDocument, { ...JOB, id: "E-2002", ddAccounts: 2 });
    expect(fromApi(reply, reply.body.data?.employmentInformationNextHandler?.validationError)).toEqual({ done: true });
    expect(await stored(u.sub)).toEqual({ ...before, employee_id: "E-2002", dd_accounts: 2 });
    expect(await saveEmploymentAction(EMPLOYER, JOB)).toMatchObject({ ok: true });
    expect(await stored(u.sub)).toEqual(before);
  });
});

describe("before the decision, every door changes what it takes", () => {
  it.each(ROWS)("%s changes %s", async (_name, input, door) => {
    const u = await applicantAt(door.openAt);
    const before = await stored(u.sub);
    expect(await door.send(u, input)).toEqual({ done: true });
    expect(await stored(u.sub)).not.toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// The lending app's stand-in pages: they write no decision input themselves (their forms call the
// API's step actions), offer no way to change one after the decision, and a forged form that
// names one changes nothing.

describe("the lending app after the decision", () => {
  const cookieOf = (u: NewUser) =>
    `CognitoIdentityServiceProvider.${LOCAL_DEFAULTS.cognitoClientId}.LastAuthUser=${u.username}; ` +
    `CognitoIdentityServiceProvider.${LOCAL_DEFAULTS.cognitoClientId}.${u.username}.idToken=${u.token}`;

  it.each([["prequalApprove", "lending/apply/prequalApprove"]])(
    "at %s: no link to change a decision input, and a form naming every input is refused with nothing written",
    async (step, path) => {
      // Prequalified by the lender itself, so the page shows the real offer.
      const u = await applicantAt("authPrequal");
      const check = await gql(server.url, { token: u.token }, PreQualificationDocument, { username: u.username });
      expect(check.body.data?.preQualification?.preQualificationStatus).toBe(true);
      expect((await sql(server.url, "SELECT step FROM applications WHERE sub = $1", [u.sub]))[0]).toEqual({ step });
      const cookie = cookieOf(u);
      const page = await fetch(`${server.url}/api/local/apps/${path}`, { headers: { cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toMatch(/href="\/(employment|personal)"/);
      const before = await stored(u.sub);
      const forged = Object.fromEntries(DECISION_INPUTS.map((input) => [input, String(CHANGED[input])]));
      const posted = await fetch(`${server.url}/api/local/apps/${path}`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ action: "update", ...forged }).toString(),
        redirect: "manual",
      });
      expect(posted.status).toBe(400);
      expect(await stored(u.sub)).toEqual(before);
    },
  );
});
