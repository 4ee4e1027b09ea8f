/**
 * Employment details and payroll linking through the local GraphQL API and the Argyle stand-in,
 * over HTTP with real tokens; the database is checked directly.
 */
import { API_KEY, gql, persona, signUpUser, sql, standInSuite } from "./testing/api-test-kit";

jest.setTimeout(120_000);

const server = standInSuite({ LOCAL_CLOCK_CONTROL: "1" });

const newUser = () => signUpUser(server.url, "emp");

const HANDLER = `mutation ($id: String!, $salary: Float!, $start: String!, $title: String!, $status: String!, $payFrequency: String!,
  $payMonths: Int!, $ddAccounts: Int!, $activeMilitary: Boolean!, $additional: Float, $cost_center: String, $dept_ext: String) {
  employmentInformationNextHandler(id: $id, salary: $salary, start: $start, title: $title, status: $status, payFrequency: $payFrequency,
    payMonths: $payMonths, ddAccounts: $ddAccounts, activeMilitary: $activeMilitary, additional: $additional,
    cost_center: $cost_center, dept_ext: $dept_ext) { nextRoute validationError serverError data requirePaystubs }
}`;

const GOOD = {
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

const isoDaysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const submit = async (token: string, variables: Record<string, unknown>) => (await gql(server.url, { token }, HANDLER, variables)).body;

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
    ["a start date in the future", { start: isoDaysFromToday(2) }, "start"],
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
    ["a cost centre outside the children's hospital", { cost_center: "CC-1" }, "cost_center"],
  ])("refuses %s in validationError naming the field, and writes nothing", async (_name, change, field) => {
    const p = persona("employment@example.com");
    const token = await server.tokenFor(p.email);
    const before = await stateOf(p.sub);
    const reply = await submit(token, { ...GOOD, ...change });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.employmentInformationNextHandler).toEqual({
      nextRoute: null,
      validationError: expect.stringMatching(new RegExp(`^${field}: `)),
      serverError: null,
      data: null,
      requirePaystubs: null,
    });
    expect(await stateOf(p.sub)).toEqual(before);
  });

  it("at employmentInformation: writes every field in one go and moves the step to authPrequal", async () => {
    const p = persona("employment@example.com");
    const reply = await submit(await server.tokenFor(p.email), GOOD);
    expect(reply.data?.employmentInformationNextHandler).toMatchObject({
      nextRoute: "/apply/authPrequal",
      validationError: null,
      serverError: null,
      requirePaystubs: false,
    });
    const { app, employment } = await stateOf(p.sub);
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

  it("at any other step: updates the employment and leaves the step alone (nextRoute null)", async () => {
    const p = persona("borrower@example.com");
    const before = await stateOf(p.sub);
    const reply = await submit(await server.tokenFor(p.email), { ...GOOD, title: "Principal" });
    expect(reply.data?.employmentInformationNextHandler).toMatchObject({ nextRoute: null, validationError: null });
    const after = await stateOf(p.sub);
    expect(after.app).toEqual(before.app);
    expect(after.employment!.job_title).toBe("Principal");
  });

  it("asks for pay stubs under a year in the job, or when the employer sends PDF pay stubs", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "4001") { nextRoute } }');
    // Full time: 6 months is enough to qualify (part time needs 12).
    const recent = await submit(u.token, { ...GOOD, status: "full", start: isoDaysFromToday(-200) });
    expect(recent.data?.employmentInformationNextHandler).toMatchObject({ requirePaystubs: true, validationError: null });
    const settled = await submit(u.token, { ...GOOD, start: isoDaysFromToday(-400) });
    expect(settled.data?.employmentInformationNextHandler).toMatchObject({ requirePaystubs: false });
    // Riverside County Public Schools (1100) and its schools send PDF pay stubs.
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "1101") { nextRoute } }');
    const pdf = await submit(u.token, { ...GOOD, start: "2010-01-01" });
    expect(pdf.data?.employmentInformationNextHandler).toMatchObject({ requirePaystubs: true });
    expect((await stateOf(u.sub)).employment!.require_paystubs).toBe(true);
  });

  it("the children's hospital requires cost centre and department extension", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "7002") { nextRoute } }');
    const missing = await submit(u.token, GOOD);
    expect(missing.data?.employmentInformationNextHandler.validationError).toMatch(/^cost_center: /);
    const badExt = await submit(u.token, { ...GOOD, cost_center: "CC-2210", dept_ext: "ext" });
    expect(badExt.data?.employmentInformationNextHandler.validationError).toMatch(/^dept_ext: /);
    expect((await stateOf(u.sub)).employment).toBeUndefined();
    const ok = await submit(u.token, { ...GOOD, cost_center: "CC-2210", dept_ext: "4471" });
    expect(ok.data?.employmentInformationNextHandler).toMatchObject({ validationError: null, nextRoute: null });
    expect((await stateOf(u.sub)).employment).toMatchObject({ choa_cost_center: "CC-2210", choa_department_extension: "4471" });
  });

  it("without a chosen employer: a validationError, nothing written", async () => {
    const u = await newUser();
    const reply = await submit(u.token, GOOD);
    expect(reply.data?.employmentInformationNextHandler.validationError).toMatch(/^employer: /);
    expect(await sql(server.url, `SELECT 1 FROM employment WHERE sub = $1`, [u.sub])).toEqual([]);
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
  it.each([
    [
      "employmentInformationNextHandler",
      'employmentInformationNextHandler(id: "E1", salary: 50000, start: "2020-01-01", title: "T", status: "full", payFrequency: "biweekly", payMonths: 12, ddAccounts: 1, activeMilitary: false) { nextRoute }',
    ],
    ["initializeArgyle", 'initializeArgyle(username: "a10001", employerId: "1001") { userToken }'],
    ["successfulArgyleUpdate", 'successfulArgyleUpdate(username: "a10001", argyleUserId: "u-1")'],
  ])("the API key is refused on %s, and no credentials at all is a 401", async (field, selection) => {
    const reply = await gql(server.url, { apiKey: API_KEY }, `mutation { ${selection} }`);
    expect(reply.body.data?.[field]).toBeNull();
    expect(reply.body.errors?.[0]).toMatchObject({
      errorType: "Unauthorized",
      message: `Not Authorized to access ${field} on type Mutation`,
    });
    expect((await gql(server.url, {}, `mutation { ${selection} }`)).status).toBe(401);
  });
});

describe("payroll linking (initializeArgyle, the widget stand-in, successfulArgyleUpdate)", () => {
  const INIT = `mutation ($u: String!, $e: ID!, $dd: Boolean) { initializeArgyle(username: $u, employerId: $e, directDeposit: $dd) { payload userToken argyleEmployerId linkFlowId linkFlowName } }`;
  const DONE = `mutation ($u: String!, $a: String!) { successfulArgyleUpdate(username: $u, argyleUserId: $a) }`;
  const widget = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}/api/local/argyle${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("refuses an unknown employer, an employer without Argyle and a username that is not the caller, clearly", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "1001") { nextRoute } }');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ u: u.username, e: "999999" }, "employerId", /no employer/],
      [{ u: u.username, e: "1101" }, "employerId", /not available for Riverside High School/],
      [{ u: "a10001", e: "1001" }, "username", /does not match/],
    ];
    for (const [variables, field, message] of cases) {
      const reply = await gql(server.url, { token: u.token }, INIT, variables);
      expect(reply.body.data?.initializeArgyle).toBeNull();
      expect(reply.body.errors?.[0]).toMatchObject({
        errorType: "BadRequestException",
        errorInfo: { field },
        message: expect.stringMatching(message),
      });
    }
    expect(await sql(server.url, `SELECT 1 FROM argyle_users WHERE sub = $1`, [u.sub])).toEqual([]);
  });

  it("links a payroll account for direct deposit end to end and marks direct deposit confirmed", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "1001") { nextRoute } }');
    const init = await gql(server.url, { token: u.token }, INIT, { u: u.username, e: "1001", dd: true });
    expect(init.body.errors).toBeUndefined();
    const answer = init.body.data!.initializeArgyle;
    expect(answer).toMatchObject({
      userToken: expect.stringMatching(/^argyle-local-/),
      argyleEmployerId: "item_local_1001",
      linkFlowId: "flow_local_direct_deposit",
    });
    const { userId } = JSON.parse(answer.payload);

    // Before any account is connected, success is refused.
    const early = await gql(server.url, { token: u.token }, DONE, { u: u.username, a: userId });
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

    // Another user cannot claim this link.
    const other = await newUser();
    const stolen = await gql(server.url, { token: other.token }, DONE, { u: other.username, a: userId });
    expect(stolen.body.errors?.[0]).toMatchObject({ errorInfo: { field: "argyleUserId" } });

    const done = await gql(server.url, { token: u.token }, DONE, { u: u.username, a: userId });
    expect(done.body).toEqual({ data: { successfulArgyleUpdate: true } });
    const [app] = await sql(server.url, `SELECT direct_deposit_confirmed FROM applications WHERE sub = $1`, [u.sub]);
    expect(app).toEqual({ direct_deposit_confirmed: true });
    const accounts = await sql(server.url, `SELECT recorded_at IS NOT NULL AS recorded FROM argyle_accounts WHERE argyle_user_id = $1`, [
      userId,
    ]);
    expect(accounts).toEqual([{ recorded: true }]);
  });

  it("without directDeposit: records the link, leaves direct deposit alone; a new token replaces the old one", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "3001") { nextRoute } }');
    const first = (await gql(server.url, { token: u.token }, INIT, { u: u.username, e: "3001" })).body.data!.initializeArgyle;
    const second = (await gql(server.url, { token: u.token }, INIT, { u: u.username, e: "3001", dd: false })).body.data!.initializeArgyle;
    expect(JSON.parse(second.payload).userId).toBe(JSON.parse(first.payload).userId);
    expect((await widget("/session", { userToken: first.userToken })).status).toBe(401);
    const account = await widget("/accounts", { userToken: second.userToken, itemId: "item_local_adp" });
    expect(account.status).toBe(200);
    expect((await gql(server.url, { token: u.token }, DONE, { u: u.username, a: account.body.userId })).body.data).toEqual({
      successfulArgyleUpdate: true,
    });
    const [app] = await sql(server.url, `SELECT direct_deposit_confirmed FROM applications WHERE sub = $1`, [u.sub]);
    expect(app).toEqual({ direct_deposit_confirmed: false });
  });

  it("an expired user token is refused as Argyle does (expired_user_token); a renewed one for the same user goes on", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, 'mutation { setEmployer(employerId: "3001") { nextRoute } }');
    const first = (await gql(server.url, { token: u.token }, INIT, { u: u.username, e: "3001" })).body.data!.initializeArgyle;
    // An hour and a second on the stand-ins' clock: Argyle's user tokens last an hour.
    const moved = await fetch(`${server.url}/api/local/clock`, { method: "POST", body: JSON.stringify({ advanceSeconds: 3601 }) });
    expect(moved.status).toBe(200);
    expect(await widget("/session", { userToken: first.userToken })).toMatchObject({
      status: 401,
      body: { errorType: "expired_user_token" },
    });
    const renewed = (await gql(server.url, { token: u.token }, INIT, { u: u.username, e: "3001" })).body.data!.initializeArgyle;
    const session = await widget("/session", { userToken: renewed.userToken });
    expect(session.status).toBe(200);
    expect(session.body.userId).toBe(JSON.parse(first.payload).userId);
    // The employer's own item, which the widget opens at directly (items: [argyleEmployerId]).
    expect(session.body.items).toContainEqual(expect.objectContaining({ id: renewed.argyleEmployerId, kind: "employer" }));
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
