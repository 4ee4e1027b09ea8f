import { routeCases } from "./cases";
import { Redactor } from "./identity";
import { htmlReport, jsonReport, junitReport, terminalReport } from "./report";
import type { RunResult } from "./run";

const REFRESH = "refresh-0123456789abcdef-secret";
const ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4eXoiLCJ0b2tlbl91c2UiOiJpZCJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const UNSEEN_JWT = "eyJ0eXAiOiJKV1QifQ.eyJmb28iOiJiYXJiYXoifQ.AAAAAAAAAAAA";
const CLAIMS_COOKIE_VALUE = "claims-cookie-value-abcdef";

function result(): RunResult {
  const cases = routeCases().filter((c) => c.id === "home" || c.id === "payments");
  return {
    baseUrl: "https://shell.example",
    appEnv: "staging",
    hosts: { dashboard: "https://app.example", lending: "https://apply.example", marketing: "https://www.example" },
    startedAt: "2026-11-23T00:00:00.000Z",
    finishedAt: "2026-11-23T00:00:01.000Z",
    cases,
    personas: [
      { name: "anonymous", description: "no session", warnings: [] },
      { name: "borrower", description: "", error: `sign-in failed: ${REFRESH} was refused`, warnings: [`token ${ID_TOKEN}`] },
    ],
    cells: [
      {
        persona: "anonymous",
        case: "home",
        url: "/",
        outcome: "pass",
        expected: [{ url: "/", status: 307, location: "https://app.example/", decision: "home:hosted" }],
        actual: [{ url: "/", status: 307, location: "https://app.example/", decision: "home:hosted" }],
        differences: [],
      },
      {
        persona: "anonymous",
        case: "payments",
        url: "/payments",
        outcome: "fail",
        expected: [
          { url: "/payments", status: 307, location: "https://app.example/login?redirect=%2Fpayments", decision: "payments:anonymous" },
        ],
        actual: [
          {
            url: "/payments",
            status: 307,
            location: `https://app.example/login?t=${ID_TOKEN}&c=${CLAIMS_COOKIE_VALUE}`,
            decision: "payments:anonymous",
          },
        ],
        differences: [`hop 1 Location query t: expected (none), got "${UNSEEN_JWT}" <b>`],
      },
      {
        persona: "borrower",
        case: "home",
        url: "/",
        outcome: "error",
        expected: [],
        actual: [],
        differences: [`sign-in failed: ${REFRESH}`],
      },
      {
        persona: "borrower",
        case: "payments",
        url: "/payments",
        outcome: "error",
        expected: [],
        actual: [],
        differences: [`sign-in failed: ${REFRESH}`],
      },
    ],
  };
}

describe("reports", () => {
  const redactor = new Redactor();
  redactor.add(REFRESH);
  redactor.add(ID_TOKEN);
  redactor.add(CLAIMS_COOKIE_VALUE);
  const outputs = {
    terminal: terminalReport(result(), redactor, true),
    html: htmlReport(result(), redactor),
    json: jsonReport(result(), redactor),
    junit: junitReport(result(), redactor),
  };

  it.each(Object.keys(outputs))("%s never shows a token, a cookie value or anything shaped like a JWT", (name) => {
    const text = outputs[name as keyof typeof outputs];
    for (const secret of [REFRESH, ID_TOKEN, CLAIMS_COOKIE_VALUE, UNSEEN_JWT, "eyJ"]) expect(text).not.toContain(secret);
    expect(text).toContain("[redacted]");
  });

  it("the terminal matrix marks each cell and lists the differences by persona × route", () => {
    expect(outputs.terminal).toContain("anonymous × payments (/payments):");
    expect(outputs.terminal).toMatch(/1 passed, 1 differ, 2 could not be checked/);
  });

  it("the HTML grid is one self-contained page with each cell's chains, escaped", () => {
    expect(outputs.html).not.toMatch(/<(script|link)\b|src=/);
    expect(outputs.html).toContain("&#60;b&#62;");
    expect(outputs.html).toContain('aria-label="anonymous × payments: fail"');
    expect(outputs.html).toContain("payments:anonymous");
  });

  it("JSON and JUnit carry the same counts", () => {
    expect(JSON.parse(outputs.json).summary).toEqual({ pass: 1, fail: 1, error: 2 });
    expect(outputs.junit).toContain('<testsuites name="route-check https://shell.example" tests="4" failures="1" errors="2">');
    expect(outputs.junit).toContain('<testsuite name="borrower" tests="2" failures="0" errors="2">');
    expect(outputs.junit).toMatch(/<failure message="hop 1 Location query t/);
  });
});
