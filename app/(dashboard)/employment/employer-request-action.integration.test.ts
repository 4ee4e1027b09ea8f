/**
 * /employment's employer request (issue 49) through its server action: the real action and action
 * helper, signed in as the test's own applicant, against the stand-in API. What the page is
 * answered (lib/actions' one result), what is recorded, and that no log line carries what was typed.
 */
import { SetEmployerDocument } from "@/lib/graphql/generated/operations";
import { captureLogs } from "@/lib/observability/logger";
import { arrange, gql, signUpUser, sql, standInSuite, type NewUser } from "@/local/lender/graphql/testing/api-test-kit";
import { actingAs } from "@/local/lender/graphql/testing/act-as";
import { requestEmployerAction } from "./actions";

jest.setTimeout(120_000);

jest.mock("@/lib/session/signed-in-api", () => jest.requireActual("@/local/lender/graphql/testing/act-as").signedInApiStandIn);
jest.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-employer-request" }) }));

const server = standInSuite();

beforeAll(() => {
  actingAs.url = `${server.url}/api/local/graphql`;
});

const as = async (u: NewUser | null, values: unknown) => {
  actingAs.user = u;
  return requestEmployerAction(values);
};

const rowsOf = (sub: string) => sql(server.url, "SELECT name, city, contact_email FROM employer_requests WHERE sub = $1", [sub]);

const FORM = {
  name: "Qqxzzv Robotics",
  city: "Fresno",
  state: "CA",
  contactName: "Pat Payroll",
  contactEmail: "hr@qqxzzv.example",
  contactPhone: "(559) 555-0142",
};

let captured: ReturnType<typeof captureLogs>;
beforeEach(() => {
  captured = captureLogs();
});
afterEach(() => captured.restore());

test("records the request and answers it; the audit line says so without what was typed", async () => {
  const u = await signUpUser(server.url, "era");
  const result = await as(u, FORM);
  expect(result).toEqual({
    ok: true,
    request: {
      id: expect.any(String),
      name: "Qqxzzv Robotics",
      city: "Fresno",
      state: "CA",
      contactName: "Pat Payroll",
      contactEmail: "hr@qqxzzv.example",
      contactPhone: "5595550142",
      requestedAt: expect.any(String),
    },
  });
  expect(await rowsOf(u.sub)).toEqual([{ name: "Qqxzzv Robotics", city: "Fresno", contact_email: "hr@qqxzzv.example" }]);
  const lines = captured.lines();
  expect(lines).toContainEqual(
    expect.objectContaining({
      channel: "audit",
      event: "employer-requested",
      outcome: "success",
      requestId: "req-employer-request",
      sub: u.sub,
    }),
  );
  const text = JSON.stringify(lines);
  for (const typed of ["Qqxzzv", "Fresno", "Pat Payroll", "hr@qqxzzv", "5595550142"]) expect(text).not.toContain(typed);
});

test("the same name again answers the first request", async () => {
  const u = await signUpUser(server.url, "era");
  const first = await as(u, FORM);
  const again = await as(u, { name: "  qqxzzv ROBOTICS ", city: "Clovis" });
  expect(again).toEqual(first);
  expect(await rowsOf(u.sub)).toHaveLength(1);
});

test("values the form's schema refuses are answered under their fields; nothing is sent", async () => {
  const u = await signUpUser(server.url, "era");
  expect(await as(u, { ...FORM, name: "  ", contactEmail: "hr at qqxzzv" })).toEqual({
    ok: false,
    reason: "invalid",
    fieldErrors: { name: "Enter your employer's name", contactEmail: "Enter an e-mail address like hr@example.org, or leave it empty" },
  });
  expect(await as(u, { ...FORM, name: "Q".repeat(201) })).toMatchObject({
    ok: false,
    reason: "invalid",
    fieldErrors: { name: expect.any(String) },
  });
  expect(await as(u, "not a form")).toMatchObject({ ok: false, reason: "invalid" });
  expect(await rowsOf(u.sub)).toEqual([]);
});

test("past the employer step the lender refuses: wrong-step, nothing recorded", async () => {
  const u = await signUpUser(server.url, "era");
  expect((await gql(server.url, u, SetEmployerDocument, { employerId: "1001" })).body.errors).toBeUndefined();
  await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, "employmentInformation"]);
  expect(await as(u, FORM)).toEqual({ ok: false, reason: "wrong-step", rule: "ALREADY_DONE" });
  expect(await rowsOf(u.sub)).toEqual([]);
  expect(captured.lines()).toContainEqual(
    expect.objectContaining({ event: "employer-requested", outcome: "refused", reason: "FailedPrecondition" }),
  );
});

test("signed out: nothing is sent", async () => {
  expect(await as(null, FORM)).toEqual({ ok: false, reason: "signed-out" });
});
