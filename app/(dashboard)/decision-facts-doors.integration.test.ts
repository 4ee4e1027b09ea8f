/**
 * Employer and state of residence are fixed once the rate check has run (issue 43: the shell refused
 * a change, the API did not). The rule lives where the data changes (the API's writing transaction,
 * local/lender/rules/application-rules.ts); this table calls every door that can change either fact
 * after prequalification — the GraphQL API as a client calls it, /employment's employer choice,
 * /personal's loan-request change and its state-of-residence fix — and checks each is refused with
 * nothing written, while before the rate check the same doors still change them.
 */
import { AppliesDocument, SetEmployerDocument } from "@/lib/graphql/generated/operations";
import { arrange, gql, signUpUser, sql, standInSuite, type NewUser } from "@/local/lender/graphql/testing/api-test-kit";
import { actingAs } from "@/local/lender/graphql/testing/act-as";
import { chooseEmployerAction } from "./employment/actions";
import { changeStateOfResidence, updateLoanRequest } from "./personal/actions";

jest.setTimeout(240_000);

// The actions act as whoever the test names (local/lender/graphql/testing/act-as.ts).
jest.mock("@/lib/session/signed-in-api", () => jest.requireActual("@/local/lender/graphql/testing/act-as").signedInApiStandIn);

const server = standInSuite();
beforeAll(() => {
  actingAs.url = `${server.url}/api/local/graphql`;
});

/** The API's refusals, in the words the issue asks for (the stand-in's rules are not the shell's to import). */
const LOCKED = {
  employer: "Your employer can't be changed after your rate check",
  state: "Your state of residence can't be changed after your rate check",
} as const;

const applies = (u: NewUser, state: string) =>
  gql(server.url, { token: u.token }, AppliesDocument, { amount: 4000, reason: "Medical Bills", state, type: "personal" });
const facts = async (sub: string) =>
  (await sql(server.url, "SELECT employer_id, state_of_residence FROM applications WHERE sub = $1", [sub]))[0];

/** An applicant with employer 1001 and Illinois, moved to `step`. */
async function applicantAt(step: string): Promise<NewUser> {
  const u = await signUpUser(server.url, "facts");
  expect(
    (await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "1001" })).body.data?.setEmployer?.validationError,
  ).toBeNull();
  expect((await applies(u, "IL")).body.errors).toBeUndefined();
  await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
  return u;
}

type Outcome = { changed: boolean; message?: string | undefined };
const DOORS: ReadonlyArray<readonly [string, "employer" | "state", (u: NewUser) => Promise<Outcome>]> = [
  [
    "the API's setEmployer",
    "employer",
    async (u) => {
      const reply = await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "1002" });
      const error = reply.body.data?.setEmployer?.validationError;
      return { changed: !error, message: error ?? undefined };
    },
  ],
  [
    "the API's applies",
    "state",
    async (u) => {
      const reply = await applies(u, "ME");
      return { changed: !reply.body.errors, message: reply.body.errors?.[0]?.message };
    },
  ],
  [
    "/employment's employer choice",
    "employer",
    async (u) => {
      actingAs.user = u;
      return { changed: (await chooseEmployerAction("1002")).ok };
    },
  ],
  [
    "/personal's loan-request change (the review)",
    "state",
    async (u) => {
      actingAs.user = u;
      return { changed: (await updateLoanRequest({ amount: 4000, reason: "Medical Bills", other: "", state: "ME" })).ok };
    },
  ],
  [
    "/personal's state-of-residence fix",
    "state",
    async (u) => {
      actingAs.user = u;
      return { changed: (await changeStateOfResidence({ state: "ME" })).ok };
    },
  ],
];

describe.each(["fundingAccount", "Offer Sent"])("after the rate check (at %s)", (step) => {
  it.each(DOORS)("%s cannot change the %s, and nothing is written", async (_door, fact, change) => {
    const u = await applicantAt(step);
    const before = await facts(u.sub);
    const outcome = await change(u);
    expect(outcome.changed).toBe(false);
    if (outcome.message !== undefined) expect(outcome.message).toContain(LOCKED[fact]);
    expect(await facts(u.sub)).toEqual(before);
  });
});

it("before the rate check the API still changes both (the doors' own step rules aside)", async () => {
  const u = await applicantAt("authPrequal");
  expect((await DOORS[0]![2](u)).changed).toBe(true);
  expect((await DOORS[1]![2](u)).changed).toBe(true);
  expect(await facts(u.sub)).toEqual({ employer_id: "1002", state_of_residence: "ME" });
});
