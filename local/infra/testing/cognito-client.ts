/** A raw Cognito JSON 1.1 call, for tests that need exact requests and replies. */
export async function cognitoCall(
  baseUrl: string,
  operation: string,
  body: unknown,
  init: { headers?: Record<string, string>; rawBody?: string } = {},
): Promise<{ status: number; headers: Headers; json: Record<string, any> }> {
  const response = await fetch(`${baseUrl}/api/local/cognito`, {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": `AWSCognitoIdentityProviderService.${operation}`,
      ...init.headers,
    },
    body: init.rawBody ?? JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, any> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, any>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: response.status, headers: response.headers, json };
}

export async function latestCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/local/outbox?format=json&to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { code: string }[] };
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/** A six-digit code that is certainly not `code`. */
export function wrongCode(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, "0");
}
