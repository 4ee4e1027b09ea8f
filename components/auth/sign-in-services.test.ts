import { mayHaveStoredSession } from "./sign-in-services";

describe("mayHaveStoredSession", () => {
  it.each([
    ["no cookies", "", false],
    ["another app client's user", "CognitoIdentityServiceProvider.other.LastAuthUser=a10001", false],
    ["an emptied cookie (signed out)", "CognitoIdentityServiceProvider.client1.LastAuthUser=", false],
    ["this client's last user", "x=1; CognitoIdentityServiceProvider.client1.LastAuthUser=a10001; y=2", true],
  ])("%s", (_, cookies, expected) => {
    expect(mayHaveStoredSession("client1", cookies)).toBe(expected);
  });
});
