/**
 * SPEC 2's /employerRequest goes to the lending app's apply page with the name (issue 49): the
 * lending stand-in sends an applicant at the employer step on to the shell's request form with it,
 * and anyone else to their step's page as /apply does. Fresh applicants on the worker's shared server.
 */
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { SetEmployerDocument } from "../../../lib/graphql/generated/operations";
import { arrange, gql, signUpUser, standInSuite, type NewUser } from "../graphql/testing/api-test-kit";

jest.setTimeout(120_000);

const server = standInSuite();
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;

const cookie = (u: NewUser) =>
  `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${u.username}; CognitoIdentityServiceProvider.${CLIENT}.${u.username}.idToken=${u.token}`;

async function where(u: NewUser, path: string): Promise<[number, string | null]> {
  const res = await fetch(`${server.url}/api/local/apps/lending/${path}`, { headers: { cookie: cookie(u) }, redirect: "manual" });
  return [res.status, res.headers.get("location")];
}

async function applicantAt(step: string): Promise<NewUser> {
  const u = await signUpUser(server.url, "erf");
  expect((await gql(server.url, u, SetEmployerDocument, { employerId: "1001" })).body.errors).toBeUndefined();
  await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
  return u;
}

describe("the lending app's apply page with employerName (SPEC 2's /employerRequest)", () => {
  it("at the employer step: the shell's request form, on the name asked for", async () => {
    const u = await signUpUser(server.url, "erf");
    expect(await where(u, "apply?employerName=Qqxzzv%20Robotics")).toEqual([303, "/employment?employerRequest=Qqxzzv+Robotics"]);
    expect(await where(u, "apply?employerName=")).toEqual([303, "/employment?employerRequest="]);
    // Without the name it is the apply page as before: the step's own page.
    expect(await where(u, "apply")).toEqual([303, "/employment"]);
  });

  it("past the employer step: the step's page, as /apply (the request is not open there)", async () => {
    expect(await where(await applicantAt("employmentInformation"), "apply?employerName=Qqxzzv%20Robotics")).toEqual([303, "/employment"]);
    expect(await where(await applicantAt("fundingAccount"), "apply?employerName=Qqxzzv%20Robotics")).toEqual([303, "/bank"]);
    // A step the lending app serves itself: its page, no forward.
    expect(await where(await applicantAt("authPrequal"), "apply?employerName=Qqxzzv%20Robotics")).toEqual([200, null]);
  });
});
