import { z } from "zod";
import { LOCAL_PATHS } from "@/lib/config/local-paths";
import { cognitoEndpoint, type CognitoClient } from "./identity";

/**
 * The identity settings of the server being checked, learnt from the server itself: every public
 * page carries the public configuration to Amplify (app/(public)/layout.tsx, in the page's React
 * Server Components payload), so the checker signs in with the app client the server was started
 * with (COGNITO_CLIENT_ID, COGNITO_USER_POOL_ID), not the one it assumes.
 */

const publicCognito = z.object({
  region: z.string().min(1),
  userPoolId: z.string().regex(/^[\w-]+_[0-9A-Za-z]+$/),
  clientId: z.string().regex(/^[\w+]+$/),
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
});
export type PublicCognito = z.infer<typeof publicCognito>;

/** The public pages that carry it, in the order tried (a deployment may send /login to the dashboard app). */
export const CONFIG_PAGES = ["/login", "/register", "/_restricted"] as const;

/** The "cognito" object of the public configuration in a page's HTML, if the page carries one. */
export function cognitoFromHtml(html: string): PublicCognito | undefined {
  // The payload arrives as JS string literals (self.__next_f.push([1,"…"])); JSON reads them.
  const chunks = [...html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)].map((m) => {
    try {
      return JSON.parse(m[1]!) as string;
    } catch {
      return "";
    }
  });
  for (const found of chunks.join("").matchAll(/"cognito":(\{[^{}]*\})/g)) {
    try {
      const parsed = publicCognito.safeParse(JSON.parse(found[1]!));
      if (parsed.success) return parsed.data;
    } catch {
      // Not this one: keep looking.
    }
  }
  return undefined;
}

/**
 * The server's own app client and where to reach its identity service: on a local server the
 * stand-in on the checked origin, elsewhere the configured endpoint or the region's Cognito.
 */
export async function serverCognito(
  base: URL,
  options: { local: boolean; fetchImpl?: typeof fetch; timeoutMs?: number },
): Promise<CognitoClient & { userPoolId: string }> {
  const { fetchImpl = fetch, timeoutMs = 20_000 } = options;
  const tried: string[] = [];
  for (const page of CONFIG_PAGES) {
    const res = await fetchImpl(new URL(page, base), {
      redirect: "manual",
      headers: { "user-agent": "route-check (ops)" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const html = res.status === 200 ? await res.text() : (await res.body?.cancel().catch(() => undefined), "");
    const cognito = cognitoFromHtml(html);
    if (cognito) {
      const endpoint = options.local ? new URL(LOCAL_PATHS.cognito, base).href : (cognito.endpoint ?? cognitoEndpoint(cognito.region));
      return { clientId: cognito.clientId, userPoolId: cognito.userPoolId, endpoint };
    }
    tried.push(`${page} (${res.status})`);
  }
  throw new Error(`no page of ${base.origin} carries the public configuration (tried ${tried.join(", ")})`);
}
