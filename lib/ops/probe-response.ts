/** What a probe answers: a status, a one-word JSON body, never cached, nothing about users. */
export function probeResponse(status: 200 | 503, body: Record<string, string>, method: string): Response {
  return new Response(method === "HEAD" ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
