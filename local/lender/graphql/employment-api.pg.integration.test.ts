/**
 * Employment details and payroll linking through the local GraphQL API and the Argyle stand-in,
 * over HTTP with real tokens; the database is checked directly. Every test signs up its own
 * applicant (no seeded persona), and every call is the shell's own generated document.
 */
import {
  EmploymentInformationNextHandlerDocument,
  InitializeArgyleDocument,
  LoadFrontendDocument,
  SetEmployerDocument,
  SuccessfulArgyleUpdateDocument,
  type EmploymentInformationNextHandlerMutationVariables,
} from "../../../lib/graphql/generated/operations";
import { TEST_NOW } from "../../infra/testing/spawn-local-server";
import { API_KEY, arrange, atStep, expectRefused, gql, signUpUser, sql, standInSuite, type NewUser } from "./testing/api-test-kit";

jest.setTimeout(120_000);

// The worker's shared server: every test signs up its own applicant. The clock test (at the end)
// has a server of its own.
let server = standInSuite();

const newUser = () => signUpUser(server.url, "emp");

/** What loadFrontend tells the pages about payroll linking and direct deposit (issue 49). */
const linkFacts = async (u: NewUser) => {
  const appInfo = (await gql(server.url, u, LoadFrontendDocument, {})).body.data!.loadFrontend!.appInfo;
  return {
    payrollLinked: appInfo.payrollLinked,
    directDepositConfirmed: appInfo.directDepositConfirmed,
    by: appInfo.directDepositConfirmedBy,
  };
};

const setEmployer = async (u: NewUser, employerId: string) =>
  expect((await gql(server.url, u, SetEmployerDocument, { employerId })).body.errors).toBeUndefined();

/**
 * A new applicant who chose `employerId` and stands at `step` (arranged: only the flow's own moves
 * reach it otherwise). Employment and payroll linking open at employmentInformation (the state
 * machine, lib/application/application-machine.ts), so that is where most tests stand.
 */
async function applicantAt(step: string, employerId = "1001"): Promise<NewUser> {
  const u = await newUser();
  await setEmployer(u, employerId);
  await atStep(server.url, u, step);
  return u;
}

const GOOD: EmploymentInformationNextHandlerMutationVariables = {
  id: "E-77",
  salary: 61500.5,
  start: "2018-09-01",
  title: "Bus Driver",
  status: "part",
  payFrequency: "semimonthly",
  payMonths: 10,
  ddAccounts: 2,
  activeMilitary: true,
  additional: 1200,
};

/** A date `days` from the test servers' pinned "now" (TEST_NOW), not the calendar's. */
const isoDaysFromNow = (days: number) => new Date(Date.parse(TEST_NOW) + days * 86_400_000).toISOString().slice(0, 10);

const submit = async (u: NewUser, variables: EmploymentInformationNextHandlerMutationVariables) =>
  (await gql(server.url, u, EmploymentInformationNextHandlerDocument, variables)).body;

const stateOf = async (sub: string) => {
  const [app] = await sql(server.url, `SELECT step, history FROM applications WHERE sub = $1`, [sub]);
  const [employment] = await sql(
    server.url,
    `SELECT job_title, employment_status, start_date::text AS start_date, employee_id, salary::float AS salary,
            additional_income::float AS additional_income, pay_months, pay_frequency, dd_accounts, active_military,
            choa_cost_center, choa_department_extension, require_paystubs
       FROM employment WHERE sub = $1`,
    [sub],
  );
  return { app, employment };
};

describe("employmentInformationNextHandler", () => {
  it.each([
    ["a start date in the future", { start: isoDaysFromNow(2) }, "start"],
    ["an impossible start date", { start: "2023-02-30" }, "start"],
    ["a negative salary", { salary: -1 }, "salary"],
    ["a zero salary", { salary: 0 }, "salary"],
    ["salary with fractions of a cent", { salary: 100.001 }, "salary"],
    ["payMonths 0", { payMonths: 0 }, "payMonths"],
    ["payMonths 13", { payMonths: 13 }, "payMonths"],
    ["an unknown status", { status: "seasonal" }, "status"],
    ["an unknown pay frequency", { payFrequency: "daily" }, "payFrequency"],
    ["a blank title", { title: "  " }, "title"],
    ["a blank employee id", { id: "" }, "id"],
    ["negative additional income", { additional: -5 }, "additional"],
    ["negative ddAccounts", { ddAccounts: -1 }, "ddAccounts"],
    ["ddAccounts 0 (issue 49: the pay goes into at least one account)", { ddAccounts: 0 }, "ddAccounts"],
    ["a cost centre outside the children's hospital", { cost_center: "CC-1" }, "cost_center"],
  ])("refuses %s in validationError naming the field, and writes nothing", async (_name, change, field) => {
    const u = await applicantAt("employmentInformation");
    const before = await stateOf(u.sub);
    const reply = await submit(u, { ...GOOD, ...change });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.employmentInformationNextHandler).toEqual({
      nextRoute: null,
      validationError: expect.stringMatching(new RegExp(`^${field}: `)),
      serverError: null,
      data: null,
      requirePaystubs: null,
    });
    expect(await stateOf(u.sub)).toEqual(before);
  });

  it("at employmentInformation: writes every field in one go and moves the step to authPrequal", async () => {
    const u = await applicantAt("employmentInformation");
    const reply = await submit(u, GOOD);
    expect(reply.data?.employmentInformationNextHandler).toMatchObject({
      nextRoute: "/apply/authPrequal",
      validationError: null,
      serverError: null,
      requirePaystubs: false,
    });
    const { app, employment } = await stateOf(u.sub);
    expect(app).toEqual({ step: "authPrequal", history: expect.arrayContaining(["employmentInformation"]) });
    expect((app!.history as string[]).at(-1)).toBe("employmentInformation");
    expect(employment).toEqual({
      job_title: "Bus Driver",
      employment_status: "part",
      start_date: "2018-09-01",
      employee_id: "E-77",
      salary: 61500.5,
      additional_income: 1200,
      pay_months: 10,
      pay_frequency: "semimonthly",
      dd_accounts: 2,
      active_military: true,
      choa_cost_center: null,
      choa_department_extension: null,
      require_paystubs: false,
    });
  });

  it.each<[string, Partial<EmploymentInformationNextHandlerMutationVariables>, string, unknown]>([
    // Before the decision every field may change; after it only the details it did not use (issue 49:
    // app/(dashboard)/decision-facts-doors.integration.test.ts has every input at every door).
    ["authPrequal", { title: "Principal" }, "job_title", "Principal"],
    ["activeLoan", { id: "E-78", ddAccounts: 1 }, "employee_id", "E-78"],
  ])("at any other step (%s): updates the employment and leaves the step alone (nextRoute null)", async (step, change, column, value) => {
    // Employment written at its step, then the step moved on.
    const u = await applicantAt("employmentInformation");
    expect((await submit(u, GOOD)).data?.employmentInformationNextHandler).toMatchObject({ validationError: null });
    await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
    const before = await stateOf(u.sub);
    const reply = await submit(u, { ...GOOD, ...change });
    expect(reply.data?.employmentInformationNextHandler).toMatchObject({ nextRoute: null, validationError: null });
    const after = await stateOf(u.sub);
    expect(after.app).toEqual(before.app);
    expect((after.employment as Record<string, unknown>)[column]).toBe(value);
  });

  it("asks for pay stubs under a year in the job, or when the employer sends PDF pay stubs", async () => {
    const u = await applicantAt("employmentInformation", "4001");
    // Full time: 6 months is enough to qualify (part time needs 12).
    const recent = await submit(u, { ...GOOD, status: "full", start: isoDaysFromNow(-200) });
    expect(recent.data?.employmentInformationNextHandler).toMatchObject({ requirePaystubs: true, validationError: null });
    const settled = await submit(u, { ...GOOD, start: isoDaysFromNow(-400) });
    expect(settled.data?.employmentInformationNextHandler).toMatchObject({ requirePaystubs: false });
    // Riverside County Public Schools (1100) and its schools send PDF pay stubs (the employer may still change before the rate check).
    await setEmployer(u, "1101");
    const pdf = await submit(u, { ...GOOD, start: "2010-01-01" });
    expect(pdf.data?.employmentInformationNextHandler).toMatchObject({ requirePaystubs: true });
    expect((await stateOf(u.sub)).employment!.require_paystubs).toBe(true);
  });

  it("the children's hospital requires cost centre and department extension", async () => {
    const u = await applicantAt("employmentInformation", "7002");
    const missing = await submit(u, GOOD);
    expect(missing.data?.employmentInformationNextHandler?.validationError).toMatch(/^cost_center: /);
    const badExt = await submit(u, { ...GOOD, cost_center: "CC-2210", dept_ext: "ext" });
    expect(badExt.data?.employmentInformationNextHandler?.validationError).toMatch(/^dept_ext: /);
    expect((await stateOf(u.sub)).employment).toBeUndefined();
    const ok = await submit(u, { ...GOOD, cost_center: "CC-2210", dept_ext: "4471" });
    expect(ok.data?.employmentInformationNextHandler).toMatchObject({ validationError: null, nextRoute: "/apply/authPrequal" });
    expect((await stateOf(u.sub)).employment).toMatchObject({ choa_cost_center: "CC-2210", choa_department_extension: "4471" });
  });

  it("without a chosen employer: a validationError, nothing written", async () => {
    // At the employment step without an employer (only arranged: the flow chooses one first), the handler's own check.
    const u = await newUser();
    await atStep(server.url, u, "employmentInformation");
    const reply = await submit(u, GOOD);
    expect(reply.data?.employmentInformationNextHandler?.validationError).toMatch(/^employer: /);
    expect(await sql(server.url, `SELECT 1 FROM employment WHERE sub = $1`, [u.sub])).toEqual([]);
  });

  it("before the employment step: refused by the rules as not yet, nothing written", async () => {
    const fresh = await newUser();
    const chosen = await applicantAt("loanDetails");
    for (const u of [fresh, chosen]) {
      expectRefused(
        await gql(server.url, u, EmploymentInformationNextHandlerDocument, GOOD),
        "employmentInformationNextHandler",
        "NOT_YET",
      );
      expect(await sql(server.url, `SELECT 1 FROM employment WHERE sub = $1`, [u.sub])).toEqual([]);
    }
  });

  it("the database refuses what the API would refuse, whatever writes it", async () => {
    // The read-only probe cannot write; the CHECK constraints are listed instead.
    const rows = await sql<{ conname: string }>(
      server.url,
      `SELECT conname FROM pg_constraint WHERE conrelid = 'employment'::regclass AND contype = 'c' ORDER BY conname`,
    );
    expect(rows.map((r) => r.conname)).toEqual(
      expect.arrayContaining([
        "employment_pay_frequency_known",
        "employment_pay_months_range",
        "employment_salary_positive",
        "employment_status_known",
      ]),
    );
  });
});

describe("wrong auth mode", () => {
  type Auth = Parameters<typeof gql>[1];
  it.each([
    [
      "employmentInformationNextHandler",
      (auth: Auth) =>
        gql(server.url, auth, EmploymentInformationNextHandlerDocument, {
          id: "E1",
          salary: 50000,
          start: "2020-01-01",
          title: "T",
          status: "full",
          payFrequency: "biweekly",
          payMonths: 12,
          ddAccounts: 1,
          activeMilitary: false,
        }),
    ],
    ["initializeArgyle", (auth: Auth) => gql(server.url, auth, InitializeArgyleDocument, { username: "a10001", employerId: "1001" })],
    [
      "successfulArgyleUpdate",
      (auth: Auth) => gql(server.url, auth, SuccessfulArgyleUpdateDocument, { username: "a10001", argyleUserId: "u-1" }),
    ],
  ] as const)("the API key is refused on %s, and no credentials at all is a 401", async (field, call) => {
    const reply = await call({ apiKey: API_KEY });
    expect((reply.body.data as Record<string, unknown> | null | undefined)?.[field]).toBeNull();
    expect(reply.body.errors?.[0]).toMatchObject({
      errorType: "Unauthorized",
      message: `Not Authorized to access ${field} on type Mutation`,
    });
    expect((await call({})).status).toBe(401);
  });
});

const init = (u: NewUser, employerId: string, directDeposit?: boolean, username = u.username) =>
  gql(server.url, u, InitializeArgyleDocument, { username, employerId, directDeposit });
const done = (u: NewUser, argyleUserId: string) =>
  gql(server.url, u, SuccessfulArgyleUpdateDocument, { username: u.username, argyleUserId });
const widget = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/local/argyle${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe("payroll linking (initializeArgyle, the widget stand-in, successfulArgyleUpdate)", () => {
  it("refuses an unknown employer, an employer without Argyle and a username that is not the caller, clearly", async () => {
    const u = await applicantAt("employmentInformation");
    const cases: [{ username: string; employerId: string }, string, RegExp][] = [
      [{ username: u.username, employerId: "999999" }, "employerId", /no employer/],
      [{ username: u.username, employerId: "1101" }, "employerId", /not available for Riverside High School/],
      [{ username: "a10001", employerId: "1001" }, "username", /does not match/],
    ];
    for (const [{ username, employerId }, field, message] of cases) {
      const reply = await init(u, employerId, undefined, username);
      expect(reply.body.data?.initializeArgyle).toBeNull();
      expect(reply.body.errors?.[0]).toMatchObject({
        errorType: "BadRequestException",
        errorInfo: { field },
        message: expect.stringMatching(message),
      });
    }
    expect(await sql(server.url, `SELECT 1 FROM argyle_users WHERE sub = $1`, [u.sub])).toEqual([]);
  });

  it("before the employment step, payroll linking is refused by the rules as not yet, nothing written", async () => {
    const u = await applicantAt("loanDetails");
    expectRefused(await init(u, "1001", true), "initializeArgyle", "NOT_YET");
    expectRefused(await done(u, "argyle-user-x"), "successfulArgyleUpdate", "NOT_YET");
    expect(await sql(server.url, `SELECT 1 FROM argyle_users WHERE sub = $1`, [u.sub])).toEqual([]);
  });

  it("links a payroll account for direct deposit end to end and marks direct deposit confirmed", async () => {
    const u = await applicantAt("employmentInformation");
    const started = await init(u, "1001", true);
    expect(started.body.errors).toBeUndefined();
    const answer = started.body.data!.initializeArgyle!;
    expect(answer).toMatchObject({
      userToken: expect.stringMatching(/^argyle-local-/),
      argyleEmployerId: "item_local_1001",
      linkFlowId: "flow_local_direct_deposit",
    });
    const { userId } = JSON.parse(answer.payload!) as { userId: string };

    // Before any account is connected, success is refused.
    expect(await linkFacts(u)).toEqual({ payrollLinked: false, directDepositConfirmed: false, by: null });
    const early = await done(u, userId);
    expect(early.body.errors?.[0]).toMatchObject({
      errorInfo: { field: "argyleUserId" },
      message: expect.stringContaining("no connected payroll account"),
    });

    const session = await widget("/session", { userToken: answer.userToken });
    expect(session).toMatchObject({ status: 200, body: { userId, employerName: "Lincoln Elementary School", directDeposit: true } });
    expect(session.body.items.map((i: { id: string }) => i.id)).toContain("item_local_1001");
    expect((await widget("/accounts", { userToken: answer.userToken, itemId: "item_nope" })).status).toBe(400);
    const account = await widget("/accounts", { userToken: answer.userToken, itemId: "item_local_1001" });
    expect(account).toEqual({
      status: 200,
      body: { accountId: expect.stringMatching(/^argyle-account-/), userId, itemId: "item_local_1001" },
    });

    // Another user cannot claim this link (one at whose step linking is open: the refusal is the link's owner, not the rules).
    const other = await applicantAt("employmentInformation");
    const stolen = await done(other, userId);
    expect(stolen.body.errors?.[0]).toMatchObject({ errorInfo: { field: "argyleUserId" } });

    const finished = await done(u, userId);
    expect(finished.body).toEqual({ data: { successfulArgyleUpdate: true } });
    const [app] = await sql(server.url, `SELECT direct_deposit_confirmed, direct_deposit_confirmed_by FROM applications WHERE sub = $1`, [
      u.sub,
    ]);
    // Issue 49: confirmed by the employer's payroll, and said so.
    expect(app).toEqual({ direct_deposit_confirmed: true, direct_deposit_confirmed_by: "payroll" });
    expect(await linkFacts(u)).toEqual({ payrollLinked: true, directDepositConfirmed: true, by: "payroll" });
    const accounts = await sql(server.url, `SELECT recorded_at IS NOT NULL AS recorded FROM argyle_accounts WHERE argyle_user_id = $1`, [
      userId,
    ]);
    expect(accounts).toEqual([{ recorded: true }]);
  });

  it("without directDeposit: records the link, leaves direct deposit alone; a new token replaces the old one", async () => {
    const u = await applicantAt("employmentInformation", "3001");
    const first = (await init(u, "3001")).body.data!.initializeArgyle!;
    const second = (await init(u, "3001", false)).body.data!.initializeArgyle!;
    expect(JSON.parse(second.payload!).userId).toBe(JSON.parse(first.payload!).userId);
    expect((await widget("/session", { userToken: first.userToken })).status).toBe(401);
    const account = await widget("/accounts", { userToken: second.userToken, itemId: "item_local_adp" });
    expect(account.status).toBe(200);
    expect((await done(u, account.body.userId)).body.data).toEqual({
      successfulArgyleUpdate: true,
    });
    const [app] = await sql(server.url, `SELECT direct_deposit_confirmed, direct_deposit_confirmed_by FROM applications WHERE sub = $1`, [
      u.sub,
    ]);
    expect(app).toEqual({ direct_deposit_confirmed: false, direct_deposit_confirmed_by: null });
    // Linked for income only: linked, and direct deposit still to set up.
    expect(await linkFacts(u)).toEqual({ payrollLinked: true, directDepositConfirmed: false, by: null });
  });

  it("serves the widget script and refuses unknown tokens", async () => {
    const script = await fetch(`${server.url}/api/local/argyle/argyle.web.v5.js`);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect(await script.text()).toContain("window.Argyle");
    expect(await widget("/session", { userToken: "argyle-local-nope" })).toEqual({
      status: 401,
      body: { errorType: "invalid_user_token", message: "unknown user token" },
    });
  });
});

describe("payroll linking with a clock that moves (a server of its own)", () => {
  const own = standInSuite({ LOCAL_CLOCK_CONTROL: "1" });
  let shared = server;
  beforeAll(() => {
    shared = server;
    server = own;
  });
  afterAll(() => {
    server = shared;
  });

  it("an expired user token is refused as Argyle does (expired_user_token); a renewed one for the same user goes on", async () => {
    const u = await applicantAt("employmentInformation", "3001");
    const first = (await init(u, "3001")).body.data!.initializeArgyle!;
    // An hour and a second on the stand-ins' clock: Argyle's user tokens last an hour.
    const moved = await fetch(`${server.url}/api/local/clock`, { method: "POST", body: JSON.stringify({ advanceSeconds: 3601 }) });
    expect(moved.status).toBe(200);
    expect(await widget("/session", { userToken: first.userToken })).toMatchObject({
      status: 401,
      body: { errorType: "expired_user_token" },
    });
    const renewed = (await init(u, "3001")).body.data!.initializeArgyle!;
    const session = await widget("/session", { userToken: renewed.userToken });
    expect(session.status).toBe(200);
    expect(session.body.userId).toBe(JSON.parse(first.payload!).userId);
    // The employer's own item, which the widget opens at directly (items: [argyleEmployerId]).
    expect(session.body.items).toContainEqual(expect.objectContaining({ id: renewed.argyleEmployerId, kind: "employer" }));
  });
});
