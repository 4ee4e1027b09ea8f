/**
 * requestEmployer and employerRequests (issue 49) through the local GraphQL API over HTTP with real
 * tokens; the table is read directly. Every test signs up its own applicant, and every call is the
 * shell's own generated document. On PostgreSQL too: the unique index under simultaneous repeats.
 */
import {
  EmployerRequestsDocument,
  RequestEmployerDocument,
  SetEmployerDocument,
  type RequestEmployerMutationVariables,
} from "../../../lib/graphql/generated/operations";
import { API_KEY, arrange, gql, signUpUser, sql, standInSuite, type NewUser } from "./testing/api-test-kit";

jest.setTimeout(120_000);

// The worker's shared server: every test signs up its own applicant and reads only its own rows.
const server = standInSuite();

const newUser = () => signUpUser(server.url, "er");

const request = (u: { token?: string; apiKey?: string }, variables: RequestEmployerMutationVariables) =>
  gql(server.url, u, RequestEmployerDocument, variables);

const rowsOf = (sub: string) =>
  sql(
    server.url,
    `SELECT username, name, name_key, city, state, contact_name, contact_email, contact_phone FROM employer_requests WHERE sub = $1 ORDER BY requested_at, id`,
    [sub],
  );

const FULL: RequestEmployerMutationVariables = {
  name: "  Qqxzzv Unified School District ",
  city: "Fresno",
  state: "CA",
  contactName: "Pat Payroll",
  contactEmail: " HR@Qqxzzv.example ",
  contactPhone: "(559) 555-0142",
};

describe("requestEmployer at the employer step", () => {
  it("records the request with the applicant's username and answers it; employerRequests reads it back", async () => {
    const u = await newUser();
    const reply = await request(u, FULL);
    expect(reply.body.errors).toBeUndefined();
    const recorded = reply.body.data!.requestEmployer!;
    expect(recorded).toEqual({
      id: expect.stringMatching(/^er_[\w-]{16}$/),
      name: "Qqxzzv Unified School District",
      city: "Fresno",
      state: "CA",
      contactName: "Pat Payroll",
      contactEmail: "hr@qqxzzv.example",
      contactPhone: "5595550142",
      requestedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(await rowsOf(u.sub)).toEqual([
      {
        username: u.username,
        name: "Qqxzzv Unified School District",
        name_key: "qqxzzv unified school district",
        city: "Fresno",
        state: "CA",
        contact_name: "Pat Payroll",
        contact_email: "hr@qqxzzv.example",
        contact_phone: "5595550142",
      },
    ]);
    const read = await gql(server.url, u, EmployerRequestsDocument);
    expect(read.body.data!.employerRequests).toEqual([recorded]);
    // The step stays where it is: a request is no choice of employer.
    expect(await sql(server.url, "SELECT step, employer_id FROM applications WHERE sub = $1", [u.sub])).toEqual([
      { step: "chooseEmployer", employer_id: null },
    ]);
  });

  it("takes the name alone; blank optional fields are stored as none", async () => {
    const u = await newUser();
    const reply = await request(u, { name: "Qqxzzv Robotics", city: " ", state: "", contactName: "", contactEmail: "", contactPhone: "" });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data!.requestEmployer).toMatchObject({
      name: "Qqxzzv Robotics",
      city: null,
      state: null,
      contactEmail: null,
      contactPhone: null,
    });
  });

  it("a repeat of the same name (case, punctuation and spacing aside) answers the first request unchanged", async () => {
    const u = await newUser();
    const first = (await request(u, FULL)).body.data!.requestEmployer!;
    const again = await request(u, { name: "QQXZZV unified  school-district.", city: "Clovis", contactEmail: "other@example.com" });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data!.requestEmployer).toEqual(first);
    expect(await rowsOf(u.sub)).toHaveLength(1);
    // Another name is another request; both are read back, newest first.
    const second = (await request(u, { name: "Qqxzzv County Office of Education" })).body.data!.requestEmployer!;
    expect(second.id).not.toBe(first.id);
    const read = (await gql(server.url, u, EmployerRequestsDocument)).body.data!.employerRequests!;
    expect(read.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(read[0]!.requestedAt >= read[1]!.requestedAt).toBe(true);
  });

  it("simultaneous repeats (a double submit, two instances) record one request and all answer it", async () => {
    const u = await newUser();
    const replies = await Promise.all(Array.from({ length: 6 }, () => request(u, { name: "Qqxzzv Transit Authority" })));
    for (const r of replies) expect(r.body.errors).toBeUndefined();
    expect(new Set(replies.map((r) => r.body.data!.requestEmployer!.id)).size).toBe(1);
    expect(await rowsOf(u.sub)).toHaveLength(1);
  });

  it("answers only the caller's own requests", async () => {
    const [a, b] = await Promise.all([newUser(), newUser()]);
    await request(a, { name: "Qqxzzv Water Board" });
    expect((await gql(server.url, b, EmployerRequestsDocument)).body.data!.employerRequests).toEqual([]);
    // The same name from another applicant is that applicant's own request.
    const theirs = (await request(b, { name: "Qqxzzv Water Board" })).body.data!.requestEmployer!;
    const mine = (await gql(server.url, a, EmployerRequestsDocument)).body.data!.employerRequests!;
    expect(mine).toHaveLength(1);
    expect(mine[0]!.id).not.toBe(theirs.id);
  });
});

describe("requestEmployer's input limits: a BadRequestException naming the argument, nothing written", () => {
  it.each<[string, Partial<RequestEmployerMutationVariables>, string]>([
    ["an empty name", { name: "" }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a name of punctuation only", { name: "-- ?? --" }, "name"],
    ["a name over 200 characters", { name: "Q".repeat(201) }, "name"],
    ["a city over 100 characters", { city: "C".repeat(101) }, "city"],
    ["a state that is no US state or territory", { state: "ZZ" }, "state"],
    ["a contact name over 100 characters", { contactName: "P".repeat(101) }, "contactName"],
    ["a contact e-mail that is no address", { contactEmail: "payroll at qqxzzv" }, "contactEmail"],
    ["a contact phone that is not 10 digits", { contactPhone: "555-0142" }, "contactPhone"],
  ])("%s", async (_what, change, field) => {
    const u = await newUser();
    const reply = await request(u, { name: "Qqxzzv Robotics", ...change });
    expect(reply.body.data?.requestEmployer).toBeNull();
    expect(reply.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field } });
    expect(reply.body.errors![0]!.message.startsWith(`${field}: `)).toBe(true);
    expect(await rowsOf(u.sub)).toEqual([]);
  });

  it("takes a name of exactly 200 characters", async () => {
    const u = await newUser();
    const reply = await request(u, { name: "Q".repeat(200) });
    expect(reply.body.data!.requestEmployer!.name).toHaveLength(200);
  });

  it("records at most 10 requests per applicant; a repeat of one of them is still answered", async () => {
    const u = await newUser();
    for (let i = 1; i <= 10; i += 1) expect((await request(u, { name: `Qqxzzv District ${i}` })).body.errors).toBeUndefined();
    const eleventh = await request(u, { name: "Qqxzzv District 11" });
    expect(eleventh.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "name" } });
    expect((await request(u, { name: "qqxzzv district 3" })).body.data!.requestEmployer!.name).toBe("Qqxzzv District 3");
    expect(await rowsOf(u.sub)).toHaveLength(10);
  });
});

describe("requestEmployer is open only at the employer step", () => {
  it.each([
    "loanDetails",
    "employmentInformation",
    "authPrequal",
    "fundingAccount",
    "Offer Sent",
    "activeLoan",
    "rejected",
    "applicationBlocked",
  ])("at %s: FailedPrecondition with the machine's reason (done already, or closed), nothing written", async (step) => {
    const u: NewUser = await newUser();
    expect((await gql(server.url, u, SetEmployerDocument, { employerId: "1001" })).body.errors).toBeUndefined();
    await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
    const reply = await request(u, { name: "Qqxzzv Robotics" });
    expect(reply.body.data?.requestEmployer).toBeNull();
    expect(reply.body.errors).toEqual([
      expect.objectContaining({
        errorType: "FailedPrecondition",
        errorInfo: expect.objectContaining({
          reason: ["rejected", "applicationBlocked", "activeLoan"].includes(step) ? "APPLICATION_CLOSED" : "ALREADY_DONE",
        }),
        path: ["requestEmployer"],
      }),
    ]);
    expect(await rowsOf(u.sub)).toEqual([]);
  });
});

describe("auth", () => {
  it("the public API key is refused on both fields (AppSync's per-field Unauthorized), nothing written", async () => {
    const before = await sql(server.url, "SELECT count(*)::int AS n FROM employer_requests WHERE name = $1", ["Qqxzzv Key Probe"]);
    const write = await request({ apiKey: API_KEY }, { name: "Qqxzzv Key Probe" });
    expect(write.status).toBe(200);
    expect(write.body.data?.requestEmployer).toBeNull();
    expect(write.body.errors?.[0]).toMatchObject({
      errorType: "Unauthorized",
      message: "Not Authorized to access requestEmployer on type Mutation",
    });
    const read = await gql(server.url, { apiKey: API_KEY }, EmployerRequestsDocument);
    expect(read.body.errors?.[0]).toMatchObject({
      errorType: "Unauthorized",
      message: "Not Authorized to access employerRequests on type Query",
    });
    expect(await sql(server.url, "SELECT count(*)::int AS n FROM employer_requests WHERE name = $1", ["Qqxzzv Key Probe"])).toEqual(before);
  });

  it("no token and no key is a 401; a wrong key is a 401", async () => {
    expect((await request({}, { name: "Qqxzzv Robotics" })).status).toBe(401);
    expect((await request({ apiKey: "da2-wrong" }, { name: "Qqxzzv Robotics" })).status).toBe(401);
  });
});
