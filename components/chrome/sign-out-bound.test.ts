/** @jest-environment jsdom */
import { resetSignOutForTests, signOut } from "./sign-out";

// Amplify never settles (a hung network call): the sign-out must not hang with it.
jest.mock("@/lib/auth/amplify-on-demand", () => ({ amplifyForSession: () => new Promise(() => undefined) }));

it("a hung browser step never keeps anyone signed in: the server step runs after 3000 ms", async () => {
  jest.useFakeTimers();
  resetSignOutForTests();
  const submitted: HTMLFormElement[] = [];
  jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  const done = signOut({ reason: "idle", redirect: "/personal" });
  await jest.advanceTimersByTimeAsync(2999);
  expect(submitted).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(1);
  await done;
  expect(submitted).toHaveLength(1);
  expect(Object.fromEntries(new FormData(submitted[0]!))).toEqual({ reason: "idle", redirect: "/personal" });
  jest.useRealTimers();
});
