import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PERSONAS as SEEDED } from "@/local/lender/seed/personas";
import { cognitoEndpoint, type CognitoClient, type RefreshFlow } from "./identity";

/**
 * Who the checker signs in as. Locally: the seeded personas, through the identity stand-in.
 * Against a deployment: real test accounts, each with a refresh token read from an environment
 * variable or a file outside the repository (never from the report, never printed).
 */

export type PersonaSource =
  | { kind: "anonymous" }
  /** A valid identity whose application data is not loaded yet: the first signed-in persona's identity cookies without claims. */
  | { kind: "signing-in" }
  /** A seeded persona of the local stand-in: signs in with a code from the local outbox. */
  | { kind: "local"; email: string }
  | { kind: "refresh-token"; read: () => string; from: string };

export interface PersonaSpec {
  name: string;
  description: string;
  source: PersonaSource;
}

export interface PersonaSet {
  cognito: CognitoClient;
  refreshFlow: RefreshFlow;
  personas: PersonaSpec[];
}

export const ANONYMOUS_PERSONA: PersonaSpec = { name: "anonymous", description: "no session", source: { kind: "anonymous" } };
export const SIGNING_IN_PERSONA: PersonaSpec = {
  name: "signing-in",
  description: "identity without loaded claims (the first signed-in persona's identity)",
  source: { kind: "signing-in" },
};
const BUILT_IN = new Set([ANONYMOUS_PERSONA.name, SIGNING_IN_PERSONA.name]);

const NAME = /^[a-z0-9][a-z0-9._-]{0,40}$/;

const fileSchema = z.object({
  cognito: z
    .object({
      region: z
        .string()
        .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, "an AWS region such as us-east-1")
        .optional(),
      clientId: z.string().regex(/^[\w+]+$/, "an app client id"),
      /** A Cognito-compatible endpoint; default: the region's cognito-idp endpoint. */
      endpoint: z.url({ protocol: /^https?$/ }).optional(),
      refreshFlow: z.enum(["REFRESH_TOKEN_AUTH", "GetTokensFromRefreshToken"]).default("REFRESH_TOKEN_AUTH"),
    })
    .optional(),
  personas: z
    .array(
      z
        .object({
          name: z.string().regex(NAME, "lower-case letters, digits, '.', '_' or '-'"),
          description: z.string().max(200).optional(),
          /** Local stand-in only: sign in with a one-time code from the local outbox. */
          email: z.email().optional(),
          /** The environment variable that holds this persona's refresh token. */
          refreshTokenEnv: z
            .string()
            .regex(/^[A-Z_][A-Z0-9_]*$/)
            .optional(),
          /** A file (outside the repository) whose content is the refresh token. */
          refreshTokenFile: z.string().min(1).optional(),
        })
        .strict(),
    )
    .min(1),
});

export type PersonasFile = z.input<typeof fileSchema>;

/** The environment variable a persona's refresh token is read from when the file names none. */
export function defaultTokenVariable(name: string): string {
  return `ROUTE_CHECK_REFRESH_TOKEN_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

function readTokenFile(file: string): string {
  const token = readFileSync(file, "utf8").trim();
  if (!token) throw new Error(`the refresh-token file ${file} is empty`);
  return token;
}

function readTokenEnv(name: string, env: Record<string, string | undefined>): string {
  const token = env[name]?.trim();
  if (!token) throw new Error(`the environment variable ${name} (a refresh token) is not set`);
  return token;
}

export interface LoadOptions {
  base: URL;
  local: boolean;
  env?: Record<string, string | undefined>;
  /** The repository root: refresh-token files inside it are refused. */
  repoRoot?: string;
  /** The checked server's own app client (./server-config.ts): used when the file names none. */
  serverCognito?: CognitoClient;
  /** Why the server's app client could not be learnt, for the error when the file names none either. */
  serverCognitoError?: string;
}

/** Parses a personas file's content (JSON); `dir` resolves relative token-file paths. */
export function parsePersonas(text: string, dir: string, options: LoadOptions): PersonaSet {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`the personas file is not JSON: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`the personas file is invalid: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const file = parsed.data;
  const env = options.env ?? process.env;
  const names = new Set<string>();
  const personas: PersonaSpec[] = [ANONYMOUS_PERSONA, SIGNING_IN_PERSONA];
  for (const p of file.personas) {
    if (names.has(p.name) || BUILT_IN.has(p.name))
      throw new Error(`the personas file names ${p.name} twice (anonymous and signing-in are always checked)`);
    names.add(p.name);
    const description = p.description ?? "";
    const ways = [p.email, p.refreshTokenEnv, p.refreshTokenFile].filter((v) => v !== undefined).length;
    if (ways > 1) throw new Error(`persona ${p.name}: give one of email, refreshTokenEnv, refreshTokenFile`);
    if (p.email) {
      if (!options.local) throw new Error(`persona ${p.name}: e-mail sign-in works only against the local stand-in; give a refresh token`);
      personas.push({ name: p.name, description, source: { kind: "local", email: p.email } });
    } else if (p.refreshTokenFile) {
      const tokenFile = path.resolve(dir, p.refreshTokenFile);
      const root = options.repoRoot ? path.resolve(options.repoRoot) + path.sep : undefined;
      if (root && tokenFile.startsWith(root))
        throw new Error(`persona ${p.name}: keep refresh-token files out of the repository (${p.refreshTokenFile})`);
      personas.push({
        name: p.name,
        description,
        source: { kind: "refresh-token", read: () => readTokenFile(tokenFile), from: `file ${p.refreshTokenFile}` },
      });
    } else {
      const variable = p.refreshTokenEnv ?? defaultTokenVariable(p.name);
      personas.push({
        name: p.name,
        description,
        source: { kind: "refresh-token", read: () => readTokenEnv(variable, env), from: `$${variable}` },
      });
    }
  }
  const c = file.cognito;
  if (c && !c.endpoint && !c.region) throw new Error("cognito: give region or endpoint");
  const cognito: CognitoClient | undefined = c
    ? { clientId: c.clientId, endpoint: c.endpoint ?? cognitoEndpoint(c.region!) }
    : options.serverCognito && { clientId: options.serverCognito.clientId, endpoint: options.serverCognito.endpoint };
  if (!cognito)
    throw new Error(
      `the personas file needs cognito.clientId and cognito.region (or cognito.endpoint): the server's own could not be read (${options.serverCognitoError ?? "not asked"})`,
    );
  return { cognito, refreshFlow: c?.refreshFlow ?? "REFRESH_TOKEN_AUTH", personas };
}

export function loadPersonasFile(file: string, options: LoadOptions): PersonaSet {
  return parsePersonas(readFileSync(file, "utf8"), path.dirname(path.resolve(file)), options);
}

/** The local default: anonymous and every seeded persona, named after their e-mail's local part. */
export function seededPersonaSpecs(): PersonaSpec[] {
  return [
    ANONYMOUS_PERSONA,
    SIGNING_IN_PERSONA,
    ...SEEDED.map((p) => ({
      name: p.email.split("@")[0]!,
      description: p.description,
      source: { kind: "local", email: p.email } as const,
    })),
  ];
}

/** The seeded personas, signing in through the server's own app client (./server-config.ts). */
export function seededPersonas(cognito: CognitoClient): PersonaSet {
  return {
    cognito: { endpoint: cognito.endpoint, clientId: cognito.clientId },
    refreshFlow: "REFRESH_TOKEN_AUTH",
    personas: seededPersonaSpecs(),
  };
}
