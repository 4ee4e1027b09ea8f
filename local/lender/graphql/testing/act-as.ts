import { userClient } from "../../../../lib/graphql/client";
import type { NewUser } from "./api-test-kit";

/**
 * The shell's server actions, run in a stand-in test as whichever user the test names (the session
 * itself is tested in lib/session). A test file mocks the one helper that acts for the signed-in user:
 *
 *   jest.mock("@/lib/session/signed-in-api", () => jest.requireActual("@/local/lender/graphql/testing/act-as").signedInApiStandIn);
 *
 * and sets `actingAs.url` (the stand-in's GraphQL URL) and `actingAs.user` before each call.
 * `jest.requireActual` and the test's own import share one instance, so the mock sees what the test sets.
 */
export const actingAs: { url: string; user: NewUser | null } = { url: "", user: null };

export const signedInApiStandIn = {
  signedInApi: async () => {
    const u = actingAs.user;
    return u
      ? {
          client: userClient(actingAs.url, u.token),
          username: u.username,
          session: { status: "signed-in", sub: u.sub, username: u.username },
        }
      : null;
  },
  publicApi: async () => {
    throw new Error("not used: these tests act for a signed-in user");
  },
};
