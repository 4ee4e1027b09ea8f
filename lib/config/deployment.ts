import type { AppEnv } from "./env";

/**
 * What a deployed instance needs beyond lib/config/env.ts: the employer search's keys (optional
 * in the schema, since local mode has its stand-in), and what is read by Next itself rather than by our
 * code: the server-actions encryption key (the same on every instance and every build of a
 * release, or one instance cannot decrypt another's action arguments) and the build's deployment
 * id (next.config.ts, from NEXT_DEPLOYMENT_ID at build; Next puts the build's value back into the
 * environment when it starts). Locally both may be absent: one process, one build.
 */
export interface DeploymentCheck {
  /** Why the process must not start; empty when it may. */
  errors: string[];
  warnings: string[];
}

/** AES-GCM key sizes Next accepts for NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, in bytes. */
const AES_KEY_BYTES = [16, 24, 32];

function decodedLength(base64: string): number | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) return undefined;
  return Buffer.from(base64, "base64").length;
}

export function checkDeployment(appEnv: AppEnv, env: Record<string, string | undefined>): DeploymentCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  const key = env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY?.trim();
  if (key) {
    const bytes = decodedLength(key);
    if (bytes === undefined || !AES_KEY_BYTES.includes(bytes)) {
      errors.push(
        "Invalid configuration: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be a base64 AES key of 16, 24 or 32 bytes (e.g. `openssl rand -base64 32`)",
      );
    }
  } else if (appEnv !== "local") {
    errors.push(
      `Invalid configuration: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is required when APP_ENV=${appEnv} ` +
        "(a secret: one base64 AES key, e.g. `openssl rand -base64 32`, given to the build and to every instance)",
    );
  }
  // Without them the employer search (the first page of every new applicant) cannot work: a hosted
  // instance refuses to start rather than serve a page that fails (locally the stand-in answers).
  const missingSearch = ["ALGOLIA_APP_ID", "ALGOLIA_SEARCH_KEY"].filter((name) => !env[name]?.trim());
  if (appEnv !== "local" && missingSearch.length > 0) {
    errors.push(
      `Invalid configuration: ${missingSearch.join(" and ")} ${missingSearch.length > 1 ? "are" : "is"} required when APP_ENV=${appEnv} ` +
        "(the hosted employer search; its index is <APP_ENV>_employers)",
    );
  }
  if (appEnv !== "local" && !env.NEXT_DEPLOYMENT_ID) {
    warnings.push(
      "[config] this build has no deployment id: build it with NEXT_DEPLOYMENT_ID set, or browsers holding pages of an older build get failed server actions during a rolling deploy",
    );
  }
  return { errors, warnings };
}
