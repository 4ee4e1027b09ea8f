/**
 * The one action helper, as the pages use it: a real GraphQL client against a stubbed fetch (the
 * API's answers), the session read through a stubbed server-session (as the claims route's test
 * does), and the real logger captured (failure lines and audit lines).
 */
import { z } from "zod";
import type { Session } from "@/lib/session/session";
import { CHECK_FIELD, failure, type ActionResult } from "./action-result";
import type { ApiErrorRules } from "./api-error-answer";

const session = jest.fn<Promise<Session>, []>();
const idToken = jest.fn<Promise<string | undefined>, []>();
jest.mock("@/lib/session/server-session", () => ({ currentSession: () => session(), cookieIdToken: () => idToken() }));
jest.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-12345678" }) }));

import { logs, setApplicationStep } from "@/lib/graphql/operations";
import { captureLogs } from "@/lib/observability/logger";
import { publicAction, userAction } from "./user-action";

const SUB = "5f0c1234-5678-4abc-9def-123456789012";
const SIGNED_IN: Session = { status: "signing-in", sub: SUB, username: "abc123", email: "borrower@example.com" };

/** How the API answers each operation (by name); a function may throw, as a network failure does. */
type Answer = { status?: number; body: unknown } | (() => never);
let answers: Record<string, Answer> = {};
const sent: { operation: string; headers: Headers }[] = [];

const fetchStub = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
  const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
  sent.push({ operation: operationName, headers: new Headers(init?.headers) });
  const answer = answers[operationName];
  if (!answer) throw new Error(`no answer for ${operationName}`);
  if (typeof answer === "function") return answer();
  return Response.json(answer.body, { status: answer.status ?? 200 });
});

const appSyncError = (errorType: string, message: string, field?: string, status = 200): Answer => ({
  status,
  body: { data: { logs: null }, errors: [{ errorType, message, errorInfo: field ? { field } : null, data: null }] },
});
const ok: Answer = { body: { data: { logs: true } } };

let captured: ReturnType<typeof captureLogs>;
const lines = () => captured.lines();
const auditLines = () => lines().filter((l) => l.channel === "audit");
const failureLines = () => lines().filter((l) => l.level === "error");

beforeAll(() => {
  global.fetch = fetchStub as unknown as typeof fetch;
});
beforeEach(() => {
  jest.clearAllMocks();
  sent.length = 0;
  answers = { logs: ok };
  session.mockResolvedValue(SIGNED_IN);
  idToken.mockResolvedValue("the.id.token");
  captured = captureLogs();
});
afterEach(() => captured.restore());

const form = z.object({ amount: z.number({ error: "Enter an amount" }), name: z.string() });
const RULES: ApiErrorRules = {
  shown: [/^The amounts do not match\./, "Exactly this text"],
  errorTypes: { ConflictException: "conflict" },
};
/** An action over `logs`, the way a page writes one. */
const logAction = (extra: Pick<ApiErrorRules, "fields"> = {}) =>
  userAction({ page: "test-page", operation: "logs", ...RULES, ...extra }, async ({ client }) => {
    await logs(client, "m");
    return { ok: true };
  });

interface Row {
  name: string;
  answer?: Answer;
  session?: Session;
  expected: ActionResult;
  /** The failure line logged with the request id, if any. */
  logged?: Record<string, unknown>;
}

describe("userAction maps each failure the same way", () => {
  const ROWS: Row[] = [
    { name: "success", expected: { ok: true } },
    { name: "no session: signed-out, nothing sent", session: { status: "anonymous" }, expected: failure("signed-out") },
    {
      name: "a verifying session (expired token): signed-out",
      session: { status: "verifying", username: "abc123" },
      expected: failure("signed-out"),
    },
    {
      name: "HTTP 401: signed-out",
      answer: appSyncError("UnauthorizedException", "Unauthorized", undefined, 401),
      expected: failure("signed-out"),
    },
    {
      name: "errorType Unauthorized: signed-out",
      answer: appSyncError("Unauthorized", "Not Authorized to access logs"),
      expected: failure("signed-out"),
    },
    {
      name: "errorType UnauthorizedException without a 401: signed-out",
      answer: appSyncError("UnauthorizedException", "x"),
      expected: failure("signed-out"),
    },
    {
      name: "BadRequestException naming a form field: that field's error",
      answer: appSyncError("BadRequestException", "amount: must be at most 5000", "amount"),
      expected: failure("invalid", { fieldErrors: { amount: CHECK_FIELD } }),
    },
    {
      name: "BadRequestException naming a field the form lacks: refused",
      answer: appSyncError("BadRequestException", "redirectUri: not allowed", "redirectUri"),
      expected: failure("refused"),
    },
    {
      name: "a field error whose message is safe to show keeps it",
      answer: appSyncError("BadRequestException", "The amounts do not match. 2 tries left.", "amount"),
      expected: failure("invalid", { fieldErrors: { amount: CHECK_FIELD }, message: "The amounts do not match. 2 tries left." }),
    },
    {
      name: "a typed refusal with a safe message: refused, shown",
      answer: appSyncError("ResourceNotFoundException", "Exactly this text"),
      expected: failure("refused", { message: "Exactly this text" }),
    },
    {
      name: "a typed refusal with any other message: refused, the wording hidden",
      answer: appSyncError("ResourceNotFoundException", "Exactly this text, and jane@example.com"),
      expected: failure("refused"),
    },
    {
      name: "a refusal by the lender's rules: refused, with its reason code as the rule",
      answer: {
        body: {
          data: { logs: null },
          errors: [
            { errorType: "FailedPrecondition", message: "x", errorInfo: { reason: "DECISION_FACTS_LOCKED", field: "salary" }, data: null },
          ],
        },
      },
      expected: failure("refused", { rule: "DECISION_FACTS_LOCKED" }),
    },
    {
      name: "a FailedPrecondition whose reason is no known code: refused, no rule",
      answer: {
        body: {
          data: { logs: null },
          errors: [{ errorType: "FailedPrecondition", message: "x", errorInfo: { reason: "SOMETHING_NEW" }, data: null }],
        },
      },
      expected: failure("refused"),
    },
    {
      name: "an errorType the action maps: its reason",
      answer: appSyncError("ConflictException", "already signed"),
      expected: failure("conflict"),
    },
    {
      name: "InternalFailure: logged with the request id, failed",
      answer: appSyncError("InternalFailure", "An internal failure occurred."),
      expected: failure("failed"),
      logged: { requestId: "req-12345678", operation: "logs", page: "test-page", status: 200, errorType: "InternalFailure" },
    },
    {
      name: "a network error: logged with the request id, failed",
      answer: () => {
        throw new TypeError("fetch failed");
      },
      expected: failure("failed"),
      logged: { requestId: "req-12345678", operation: "logs", page: "test-page", errorType: "TypeError" },
    },
    {
      name: "an error answer without an errorType (HTTP 500): logged, failed",
      answer: { status: 500, body: { errors: [{ message: "boom" }] } },
      expected: failure("failed"),
      logged: { requestId: "req-12345678", operation: "logs", errorType: "HTTP 500" },
    },
  ];

  it.each(ROWS)("$name", async ({ answer, session: as, expected, logged }) => {
    if (answer) answers.logs = answer;
    if (as) session.mockResolvedValue(as);
    const result = await logAction({ fields: ["amount", "name"] });
    expect(result).toEqual(expected);
    expect(sent.map((s) => s.operation)).toEqual(as ? [] : ["logs"]);
    expect(failureLines()).toEqual(logged ? [expect.objectContaining({ ...logged, msg: "logs failed" })] : []);
    // The API's wording never reaches the logs.
    expect(JSON.stringify(lines())).not.toMatch(/jane@example\.com|must be at most|not allowed/);
  });

  it("acts with the user's own token and the request id", async () => {
    await logAction();
    expect(sent[0]?.headers.get("authorization")).toBe("the.id.token");
    expect(sent[0]?.headers.get("x-request-id")).toBe("req-12345678");
  });
});

describe("the form", () => {
  const submit = (input: unknown) =>
    userAction({ page: "test-page", operation: "logs", form: { schema: form, input } }, async ({ client, data }) => {
      await logs(client, `${data.amount}`);
      return { ok: true, amount: data.amount };
    });

  it("is parsed with the page's schema before anything else: invalid with its errors, nothing sent, even without a session", async () => {
    session.mockResolvedValue({ status: "anonymous" });
    expect(await submit({ amount: "x", name: "n" })).toEqual(failure("invalid", { fieldErrors: { amount: "Enter an amount" } }));
    expect(sent).toEqual([]);
  });

  it("hands the body the parsed values", async () => {
    expect(await submit({ amount: 12, name: "n" })).toEqual({ ok: true, amount: 12 });
  });

  it("an object schema's keys are the fields an API refusal may name", async () => {
    answers.logs = appSyncError("BadRequestException", "name: too long", "name");
    expect(await submit({ amount: 12, name: "n" })).toEqual(failure("invalid", { fieldErrors: { name: CHECK_FIELD } }));
  });
});

describe("the step", () => {
  const frontend = (applicationStep: string): Answer => ({ body: { data: { loadFrontend: { applicationStep } } } });
  const atLoanDetails = () =>
    userAction(
      {
        page: "test-page",
        operation: "setApplicationStep",
        step: (load) => load.applicationStep === "loanDetails",
        audit: "identity-changed",
      },
      async ({ client, load }) => {
        await setApplicationStep(client, "personalInformation");
        return { ok: true, from: load.applicationStep };
      },
    );

  it("a step the action does not run at: wrong-step, nothing changed, audited as refused", async () => {
    answers = { loadFrontend: frontend("employmentInformation") };
    expect(await atLoanDetails()).toEqual(failure("wrong-step"));
    expect(sent.map((s) => s.operation)).toEqual(["loadFrontend"]);
    expect(auditLines()).toEqual([
      expect.objectContaining({ event: "identity-changed", outcome: "refused", reason: "wrong-step", sub: SUB }),
    ]);
  });

  it("at its step, the body runs with the load", async () => {
    answers = {
      loadFrontend: frontend("loanDetails"),
      setApplicationStep: { body: { data: { setApplicationStep: { applicationStep: "personalInformation", history: [] } } } },
    };
    expect(await atLoanDetails()).toEqual({ ok: true, from: "loanDetails" });
  });

  it("a failed load is mapped like any failed call", async () => {
    answers = { loadFrontend: appSyncError("UnauthorizedException", "x", undefined, 401) };
    expect(await atLoanDetails()).toEqual(failure("signed-out"));
    expect(sent.map((s) => s.operation)).toEqual(["loadFrontend"]);
  });
});

describe("the audit event", () => {
  const audited = (answer: Answer, body?: () => ActionResult) => {
    answers.logs = answer;
    return userAction({ page: "test-page", operation: "logs", audit: "bank-account-added" }, async ({ client }) => {
      await logs(client, "m");
      return body ? body() : { ok: true };
    });
  };
  const auditOf = (outcome: string, reason?: string) => ({
    channel: "audit",
    event: "bank-account-added",
    sub: SUB,
    requestId: "req-12345678",
    outcome,
    ...(reason ? { reason } : {}),
  });

  it.each([
    ["success", ok, undefined, auditOf("success")],
    ["the body's failure: refused, with its reason", ok, () => failure("failed"), auditOf("refused", "failed")],
    [
      "a typed API error: refused, with its errorType",
      appSyncError("ConflictException", "x"),
      undefined,
      auditOf("refused", "ConflictException"),
    ],
    [
      "a 401: refused (the API answered)",
      appSyncError("UnauthorizedException", "x", undefined, 401),
      undefined,
      auditOf("refused", "UnauthorizedException"),
    ],
    ["InternalFailure: failed", appSyncError("InternalFailure", "x"), undefined, auditOf("failed", "InternalFailure")],
    [
      "a network error: failed",
      (() => {
        throw new TypeError("fetch failed");
      }) as Answer,
      undefined,
      auditOf("failed"),
    ],
  ] as const)("%s", async (_name, answer, body, line) => {
    await audited(answer, body);
    expect(auditLines()).toEqual([expect.objectContaining(line)]);
    if (!("reason" in line)) expect(auditLines()[0]).not.toHaveProperty("reason");
  });

  it("no audit without a user (signed-out), and none where the action names no event", async () => {
    session.mockResolvedValue({ status: "anonymous" });
    await audited(ok);
    session.mockResolvedValue(SIGNED_IN);
    await logAction();
    expect(auditLines()).toEqual([]);
  });

  it("a change made part-way is audited as success at once, whatever follows", async () => {
    answers.logs = appSyncError("InternalFailure", "x");
    const result = await userAction({ page: "test-page", operation: "logs" }, async ({ client, changed }) => {
      await changed("identity-changed");
      await logs(client, "after the change");
      return { ok: true };
    });
    expect(result).toEqual(failure("failed"));
    expect(auditLines()).toEqual([expect.objectContaining({ event: "identity-changed", outcome: "success", sub: SUB })]);
  });
});

describe("an answer the action cannot use", () => {
  it("is logged with the request id and the action's words, then failed", async () => {
    const result = await userAction({ page: "test-page", operation: "logs" }, async ({ client, unusable }) => {
      await logs(client, "m");
      return unusable("answered a serverError");
    });
    expect(result).toEqual(failure("failed"));
    expect(failureLines()).toEqual([
      expect.objectContaining({ requestId: "req-12345678", page: "test-page", operation: "logs", msg: "logs answered a serverError" }),
    ]);
  });
});

describe("publicAction (the public API key)", () => {
  const lookup = () =>
    publicAction({ page: "test-page", operation: "logs", ...RULES }, async ({ client }) => {
      await logs(client, "m");
      return { ok: true };
    });

  it("needs no session and sends the key, not a user's token", async () => {
    session.mockResolvedValue({ status: "anonymous" });
    expect(await lookup()).toEqual({ ok: true });
    expect(sent[0]?.headers.get("x-api-key")).toBeTruthy();
    expect(sent[0]?.headers.get("authorization")).toBeNull();
  });

  it.each([
    [
      "a 401 is the key's fault, not the visitor's: logged, failed",
      appSyncError("UnauthorizedException", "x", undefined, 401),
      failure("failed"),
      true,
    ],
    ["Unauthorized: logged, failed", appSyncError("Unauthorized", "x"), failure("failed"), true],
    [
      "a typed refusal: refused",
      appSyncError("ResourceNotFoundException", "Exactly this text"),
      failure("refused", { message: "Exactly this text" }),
      false,
    ],
    ["an errorType the action maps", appSyncError("ConflictException", "x"), failure("conflict"), false],
  ] as const)("%s", async (_name, answer, expected, logged) => {
    answers.logs = answer;
    expect(await lookup()).toEqual(expected);
    expect(failureLines()).toHaveLength(logged ? 1 : 0);
  });
});

describe("a write whose answer never came is reconciled (issue 44: a save reported as it happened)", () => {
  const timeout = (): never => {
    throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
  };
  const reset = (): never => {
    throw new TypeError("fetch failed");
  };
  /** The write is `logs`; the read-back is `setApplicationStep` standing in for a query (its answer says whether the write took). */
  const reconciled = (took: boolean | "fails") =>
    userAction(
      {
        page: "test-page",
        operation: "logs",
        audit: "bank-account-added",
        reconcile: async ({ client }) => {
          if (took === "fails") throw new TypeError("fetch failed");
          await setApplicationStep(client, "x");
          return took ? { ok: true, readBack: true } : undefined;
        },
      },
      async ({ client }) => {
        await logs(client, "m");
        return { ok: true, readBack: false };
      },
    );

  it.each([
    ["timed out, the write took: its success", timeout, true, { ok: true, readBack: true }, "success"],
    ["reset, the write took: its success", reset, true, { ok: true, readBack: true }, "success"],
    [
      "a gateway's bare 502, the write took: its success",
      { status: 502, body: "Bad Gateway" },
      true,
      { ok: true, readBack: true },
      "success",
    ],
    ["timed out, the write did not take: failed", timeout, false, failure("failed"), "failed"],
    ["timed out, the read-back fails too: failed", timeout, "fails", failure("failed"), "failed"],
  ] as const)("%s", async (_name, answer, took, expected, outcome) => {
    answers = { logs: answer as Answer, setApplicationStep: { body: { data: { setApplicationStep: { applicationStep: "x" } } } } };
    expect(await reconciled(took)).toEqual(expected);
    expect(auditLines().map((l) => l.outcome)).toEqual([outcome]);
    const readBack = lines().find((l) => /read.back/.test(String(l.msg)));
    expect(readBack).toMatchObject({ requestId: "req-12345678", operation: "logs" });
  });

  it("an answer of the API's own (a typed refusal) is not second-guessed: no read-back", async () => {
    answers = { logs: appSyncError("ResourceNotFoundException", "x") };
    expect(await reconciled(true)).toEqual(failure("refused"));
    expect(sent.map((s) => s.operation)).toEqual(["logs"]);
  });
});

describe("the idempotency key (issue 51: every write made once)", () => {
  const keyed = (idempotencyKey?: unknown) =>
    userAction({ page: "test-page", operation: "logs", idempotencyKey, step: () => true }, async ({ client }) => {
      await logs(client, "m");
      await logs(client, "again");
      return { ok: true };
    });

  it("is sent in the Idempotency-Key header with every call of the action, the step's read included", async () => {
    answers = { logs: ok, loadFrontend: { body: { data: { loadFrontend: { applicationStep: "x", appInfo: null } } } } };
    expect(await keyed("5d6a0c2e-1111-4a2b-9c3d-0123456789ab")).toEqual({ ok: true });
    expect(sent.map((s) => [s.operation, s.headers.get("idempotency-key")])).toEqual([
      ["loadFrontend", "5d6a0c2e-1111-4a2b-9c3d-0123456789ab"],
      ["logs", "5d6a0c2e-1111-4a2b-9c3d-0123456789ab"],
      ["logs", "5d6a0c2e-1111-4a2b-9c3d-0123456789ab"],
    ]);
  });

  it("absent: the calls go without one", async () => {
    answers = { logs: ok, loadFrontend: { body: { data: { loadFrontend: { applicationStep: "x", appInfo: null } } } } };
    expect(await keyed()).toEqual({ ok: true });
    expect(sent.every((s) => !s.headers.has("idempotency-key"))).toBe(true);
  });

  it.each([["short"], ["a key with spaces in it"], [42], ["x".repeat(129)]])("malformed (%p): invalid, nothing sent", async (key) => {
    expect(await keyed(key)).toEqual(failure("invalid"));
    expect(sent).toEqual([]);
  });
});
