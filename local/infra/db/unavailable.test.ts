import { DatabaseUnavailableError, isDatabaseUnavailable } from "./index";

describe("isDatabaseUnavailable: a lost or refused connection, not a failed statement", () => {
  it.each([
    [
      "PostgreSQL restarting (57P01, admin_shutdown)",
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ],
    ["starting up (57P03, cannot_connect_now)", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["connection failure (08006)", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["cut", new Error("Connection terminated unexpectedly")],
    ["a dead client", new Error("Client has encountered a connection error and is not queryable")],
    ["no connection within the pool's wait", new Error("timeout exceeded when trying to connect")],
    ["already classified", new DatabaseUnavailableError(new Error("x"))],
  ])("%s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key value"), { code: "23505" })],
    ["a syntax error", Object.assign(new Error("syntax error"), { code: "42601" })],
    ["a bug", new TypeError("x is undefined")],
    ["nothing", undefined],
  ])("not %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
