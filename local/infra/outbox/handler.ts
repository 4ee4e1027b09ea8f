import type { Db } from "../db/index";
import { hasInvalidText } from "../http/invalid-text";
import { escapeHtml, htmlPage, htmlResponse } from "../http/html-page";
import { listOutbox, type OutboxMessage } from "./outbox";

export interface OutboxDeps {
  db: () => Promise<Db>;
}

/**
 * GET /api/local/outbox: the codes "sent" by the local stand-ins, newest first. HTML for people;
 * `?format=json` for tests and scripts; `?to=<email>` filters by recipient.
 */
export function createOutboxHandler(deps: OutboxDeps): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    const url = new URL(request.url);
    const to = url.searchParams.get("to")?.trim() || undefined;
    if (to && hasInvalidText(to))
      return new Response("Bad Request: invalid characters in to", {
        status: 400,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
    const limitParam = url.searchParams.get("limit");
    const limit = limitParam && /^\d+$/.test(limitParam) ? Number(limitParam) : undefined;
    const messages = await listOutbox(await deps.db(), { to, limit });
    if (url.searchParams.get("format") === "json") {
      return Response.json({ messages }, { headers: { "cache-control": "no-store" } });
    }
    return htmlResponse(htmlPage("Local outbox", renderOutbox(messages, to)));
  };
}

function renderOutbox(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td>${escapeHtml(m.to)}</td>
  <td><span class="code">${escapeHtml(m.code)}</span></td>
  <td>${escapeHtml(m.purpose)}</td>
  <td><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace("T", " ").replace(/\.\d+Z$/, " UTC"))}</time></td>
</tr>`,
    )
    .join("\n");
  return `<main>
<h1>Local outbox</h1>
<p class="banner">Local environment only. In production these codes are e-mailed; here they are listed so you can sign in.</p>
<form method="get" action="">
  <label for="to">Filter by e-mail</label>
  <input id="to" name="to" type="email" value="${escapeHtml(to ?? "")}" autocomplete="email">
  <button type="submit">Filter</button>
  <a href="?">Show all</a> · <a href="${to ? `?to=${encodeURIComponent(to)}` : "?"}">Refresh</a>
</form>
${
  messages.length === 0
    ? `<p>No messages${to ? ` for ${escapeHtml(to)}` : ""} yet.</p>`
    : `<table>
<caption>${messages.length} message${messages.length === 1 ? "" : "s"}, newest first${to ? ` for ${escapeHtml(to)}` : ""}</caption>
<thead><tr><th scope="col">E-mail</th><th scope="col">Code</th><th scope="col">Purpose</th><th scope="col">Sent</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
<p><a href="/login">Back to sign in</a> · <a href="/">Home</a></p>
</main>`;
}
