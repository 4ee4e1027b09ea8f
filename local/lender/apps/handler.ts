import type { Db } from "../../infra/db";
import { escapeHtml, htmlPage, htmlResponse } from "../../infra/http/html-page";
import type { AppsConfig } from "./app-session";
import { dashboardApp } from "./dashboard-app";
import { lendingApp } from "./lending-app";

export const HOSTED_APPS = { dashboard: "Dashboard app", lending: "Lending app", marketing: "Marketing site" } as const;
export type HostedAppName = keyof typeof HOSTED_APPS;

export interface AppsDeps {
  config: () => AppsConfig;
  db: () => Promise<Db>;
}

/**
 * GET /api/local/apps/<dashboard|lending|marketing>/<path>?<query>: nothing hosts those apps
 * locally, so a redirect to one lands here. The lending app's apply pages and the dashboard's home
 * and contract are stand-in pages; any other path is a page that says plainly where it would have gone.
 * `segments` are the path segments after /api/local/apps, as routed (already decoded once).
 */
export function createAppsHandler(deps: AppsDeps): (request: Request, segments: string[]) => Promise<Response> {
  const servedPage = async (request: Request, app: string | undefined, rest: string[]) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") return null;
    if (app === "lending") return lendingApp(request, rest, { config: deps.config(), db: deps.db });
    if (app === "dashboard") return dashboardApp(request, rest, { config: deps.config(), db: deps.db });
    return null;
  };
  return async (request, segments) => {
    const [app, ...rest] = segments;
    // The lending app's apply steps and direct deposit, the dashboard's home and contract: served
    // as stand-in pages (local/lender/apps/lending-app.ts, dashboard-app.ts). Every other path names itself.
    const served = await servedPage(request, app, rest);
    if (served) return served;
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    if (!app || !(app in HOSTED_APPS)) {
      return htmlResponse(
        htmlPage(
          "Unknown hosted app — local stand-in",
          `<main><h1>Unknown hosted app</h1>
<p>Known apps: ${Object.keys(HOSTED_APPS)
            .map((a) => `<code>${a}</code>`)
            .join(", ")}.</p>
<p><a href="/">Home</a> · <a href="/login">Sign in</a></p></main>`,
        ),
        404,
      );
    }
    const name = HOSTED_APPS[app as HostedAppName];
    const path = `/${rest.map((s) => encodeURIComponent(s)).join("/")}`;
    const query = new URL(request.url).search;
    const target = `${path}${query}`;
    const params = [...new URL(request.url).searchParams.entries()];
    const body = `<main>
<p class="banner"><strong>Local stand-in — not the real ${escapeHtml(name.toLowerCase())}.</strong></p>
<h1>${escapeHtml(name)} — not hosted locally</h1>
<p>In production this link opens the ${escapeHtml(name.toLowerCase())} at <code data-testid="target">${escapeHtml(target)}</code>.</p>
<dl>
  <dt>App</dt><dd data-testid="app">${escapeHtml(app)}</dd>
  <dt>Path</dt><dd data-testid="path"><code>${escapeHtml(path)}</code></dd>
  <dt>Query</dt><dd data-testid="query">${
    params.length === 0
      ? "(none)"
      : `<ul>${params.map(([k, v]) => `<li><code>${escapeHtml(k)}</code> = <code>${escapeHtml(v)}</code></li>`).join("")}</ul>`
  }</dd>
</dl>
<p><a href="/">Back to the shell home</a> · <a href="/login">Sign in</a></p>
</main>`;
    return htmlResponse(htmlPage(`${name} ${target} — local stand-in`, body));
  };
}
