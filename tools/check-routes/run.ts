import { localHostedUrl, HOSTED_APP_ORIGINS, type AppEnv, type HostedApp } from "@/lib/config/env";
import type { RoutingEnvironment } from "@/lib/routing/types";
import type { Claims } from "@/lib/session/claims";
import { ANONYMOUS, type Session } from "@/lib/session/session";
import { routeCases, type RouteCase } from "./cases";
import { expectedChain, type Hop } from "./chain";
import { compareChains } from "./compare";
import { actualChain, limiter, requester, type Requester } from "./http";
import { localRefreshToken, Redactor, SignInError, signInWithIdToken, tokensFromRefreshToken } from "./identity";
import type { PersonaSet, PersonaSpec } from "./personas";

export interface CellResult {
  persona: string;
  case: string;
  url: string;
  outcome: "pass" | "fail" | "error";
  expected: Hop[];
  actual: Hop[];
  differences: string[];
}

export interface PersonaResult {
  name: string;
  description: string;
  /** What the guards see of the persona (from the app's claims endpoint); absent for anonymous. */
  claims?: Pick<Claims, "step" | "loanState" | "directDepositConfirmed" | "flags">;
  error?: string;
  warnings: string[];
}

export interface RunResult {
  baseUrl: string;
  appEnv: AppEnv;
  hosts: Record<HostedApp, string>;
  startedAt: string;
  finishedAt: string;
  personas: PersonaResult[];
  cases: RouteCase[];
  cells: CellResult[];
}

/** What the edge of `appEnv` redirects to; hosts given explicitly win (the server's *_URL overrides). */
export function routingEnvironment(base: URL, appEnv: AppEnv, overrides: Partial<Record<HostedApp, string>> = {}): RoutingEnvironment {
  const strip = (u: string) => u.replace(/\/+$/, "");
  const defaults: Record<HostedApp, string> =
    appEnv === "local"
      ? {
          dashboard: localHostedUrl(base.origin, "dashboard"),
          lending: localHostedUrl(base.origin, "lending"),
          marketing: localHostedUrl(base.origin, "marketing"),
        }
      : HOSTED_APP_ORIGINS[appEnv];
  return {
    hosts: {
      dashboard: strip(overrides.dashboard ?? defaults.dashboard),
      lending: strip(overrides.lending ?? defaults.lending),
      marketing: strip(overrides.marketing ?? defaults.marketing),
    },
    signInInApp: appEnv === "local",
  };
}

/** `dashboard=URL,lending=URL`: the hosted-app origins a server was started with. */
export function parseHosts(raw: string | undefined): Partial<Record<HostedApp, string>> {
  const out: Partial<Record<HostedApp, string>> = {};
  if (!raw) return out;
  for (const part of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = part.indexOf("=");
    const [app, url] = [part.slice(0, eq), part.slice(eq + 1)];
    if (eq < 0 || !["dashboard", "lending", "marketing"].includes(app) || !/^https?:\/\/[^/]+/.test(url)) {
      throw new Error(`--hosts: expected app=URL with app dashboard, lending or marketing, got ${JSON.stringify(part)}`);
    }
    out[app as HostedApp] = url;
  }
  return out;
}

export interface CheckOptions {
  base: URL;
  appEnv: AppEnv;
  hosts?: Partial<Record<HostedApp, string>>;
  personas: PersonaSet;
  cases?: RouteCase[];
  /** Requests in flight at most (sign-in included). */
  concurrency: number;
  redactor: Redactor;
  now?: () => number;
  requester?: Requester;
  /** Progress lines (already redacted by the caller's output). */
  log?: (line: string) => void;
}

interface SignedPersona {
  result: PersonaResult;
  cookie?: string;
  identityCookie?: string;
  session: Session;
}

/** One retry when the network (not the identity provider) failed: a cold server's first answer can be slow. */
async function signIn(spec: PersonaSpec, options: CheckOptions): Promise<SignedPersona> {
  const first = await signInOnce(spec, options);
  if (!first.retry) return first.persona;
  options.log?.(`retrying the sign-in of ${spec.name}: ${first.persona.result.error}`);
  return (await signInOnce(spec, options)).persona;
}

async function signInOnce(spec: PersonaSpec, options: CheckOptions): Promise<{ persona: SignedPersona; retry: boolean }> {
  const result: PersonaResult = { name: spec.name, description: spec.description, warnings: [] };
  if (spec.source.kind === "anonymous" || spec.source.kind === "signing-in")
    return { persona: { result, session: ANONYMOUS }, retry: false };
  const { base, personas, redactor } = options;
  try {
    const refreshToken =
      spec.source.kind === "local" ? await localRefreshToken(base, personas.cognito, spec.source.email, redactor) : spec.source.read();
    redactor.add(refreshToken);
    const tokens = await tokensFromRefreshToken(personas.cognito, refreshToken, personas.refreshFlow, redactor);
    if (tokens.rotatedRefreshToken) {
      result.warnings.push(
        "the app client rotates refresh tokens: the stored token stops working after its grace period (use REFRESH_TOKEN_AUTH on a client without rotation)",
      );
    }
    const signed = await signInWithIdToken(base, personas.cognito.clientId, tokens.idToken, redactor);
    const { step, loanState, directDepositConfirmed, flags } = signed.claims;
    result.claims = { step, loanState, directDepositConfirmed, flags };
    return { persona: { result, cookie: signed.cookie, identityCookie: signed.identityCookie, session: signed.session }, retry: false };
  } catch (error) {
    result.error = redactor.redact(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    return { persona: { result, session: ANONYMOUS }, retry: !(error instanceof SignInError) };
  }
}

/** Every persona × every case: the chain decide() promises beside the chain the deployment serves. */
export async function runCheck(options: CheckOptions): Promise<RunResult> {
  const startedAt = new Date().toISOString();
  const limit = limiter(options.concurrency);
  const http = options.requester ?? requester({ base: options.base, limit });
  const env = routingEnvironment(options.base, options.appEnv, options.hosts);
  const cases = options.cases ?? routeCases();
  const now = options.now ?? Date.now;

  // Sign-ins one at a time, each holding one request slot: a gentle start on a real pool.
  const signed: SignedPersona[] = [];
  for (const spec of options.personas.personas) {
    if (spec.source.kind === "signing-in") continue;
    const persona = await limit(() => signIn(spec, options));
    options.log?.(persona.result.error ? `✗ ${spec.name}: ${persona.result.error}` : `signed in: ${spec.name}`);
    signed.push(persona);
  }
  // The signing-in column borrows the first real sign-in's identity, minus its claims cookie.
  const spec = options.personas.personas.find((p) => p.source.kind === "signing-in");
  if (spec) {
    const donor = signed.find((s) => s.identityCookie && s.session.status === "signed-in");
    const result: PersonaResult = { name: spec.name, description: spec.description, warnings: [] };
    if (donor && donor.session.status === "signed-in") {
      const { sub, username, email } = donor.session;
      result.description = `${donor.result.name}'s identity, claims not loaded`;
      signed.splice(signed[0]?.result.name === "anonymous" ? 1 : 0, 0, {
        result,
        cookie: donor.identityCookie,
        session: { status: "signing-in", sub, username, email },
      });
    } else {
      result.error = "no persona signed in, so there is no identity to check the signing-in state with (name one beside it in --only)";
      signed.splice(signed[0]?.result.name === "anonymous" ? 1 : 0, 0, { result, session: ANONYMOUS });
    }
  }

  const cells = await Promise.all(
    signed.flatMap((persona) =>
      cases.map(async (c): Promise<CellResult> => {
        const base = { persona: persona.result.name, case: c.id, url: c.url };
        if (persona.result.error) return { ...base, outcome: "error", expected: [], actual: [], differences: [persona.result.error] };
        const expected = expectedChain(c.url, { base: options.base, env, session: persona.session, now: now() });
        try {
          const actual = await actualChain(http, c.url, persona.cookie, options.base, env.hosts);
          const differences = compareChains(expected, actual);
          return { ...base, outcome: differences.length ? "fail" : "pass", expected, actual, differences };
        } catch (error) {
          const message = options.redactor.redact(`request failed: ${error instanceof Error ? error.message : String(error)}`);
          return { ...base, outcome: "error", expected, actual: [], differences: [message] };
        }
      }),
    ),
  );

  return {
    baseUrl: options.base.origin,
    appEnv: options.appEnv,
    hosts: env.hosts,
    startedAt,
    finishedAt: new Date().toISOString(),
    personas: signed.map((s) => s.result),
    cases,
    cells,
  };
}

export function failures(result: RunResult): CellResult[] {
  return result.cells.filter((c) => c.outcome !== "pass");
}
