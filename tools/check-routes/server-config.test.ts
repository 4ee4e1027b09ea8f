import { cognitoFromHtml, serverCognito } from "./server-config";

/** A page as Next serves it: the props travel in the React Server Components payload, as JS string literals. */
function page(...payload: string[]): string {
  return `<!DOCTYPE html><html><body><div>Sign in</div>${payload
    .map((chunk) => `<script>self.__next_f.push([1,${JSON.stringify(chunk)}])</script>`)
    .join("")}</body></html>`;
}

const CONFIG =
  '{"appEnv":"local","hosts":{"dashboard":"http://127.0.0.1:3310/api/local/apps/dashboard"},"signInInApp":true,' +
  '"cognito":{"region":"us-east-1","userPoolId":"us-east-1_otherpool","clientId":"otherclient0000000000000001","endpoint":"http://127.0.0.1:3310/api/local/cognito"},' +
  '"graphql":{"url":"http://127.0.0.1:3310/api/local/graphql"}}';

describe("the public configuration a page carries", () => {
  it("is read from the page's payload, even split across chunks", () => {
    const row = `5:["$","$L21",null,{"mode":"login","config":${CONFIG}}]\n`;
    const expected = {
      region: "us-east-1",
      userPoolId: "us-east-1_otherpool",
      clientId: "otherclient0000000000000001",
      endpoint: "http://127.0.0.1:3310/api/local/cognito",
    };
    expect(cognitoFromHtml(page(row))).toEqual(expected);
    expect(cognitoFromHtml(page(row.slice(0, 120), row.slice(120)))).toEqual(expected);
  });

  it("is absent from a page without it, or with a malformed one", () => {
    expect(cognitoFromHtml(page('1:"$Sreact.fragment"\n'))).toBeUndefined();
    expect(cognitoFromHtml(page('"cognito":{"region":"us-east-1","clientId":"has spaces"}'))).toBeUndefined();
    expect(cognitoFromHtml("<html>no payload at all</html>")).toBeUndefined();
  });
});

describe("serverCognito", () => {
  const base = new URL("https://app.lender.example");
  const fetchFrom =
    (pages: Record<string, Response>): typeof fetch =>
    async (input) =>
      pages[new URL(String(input)).pathname]?.clone() ?? new Response("Not Found", { status: 404 });

  it("asks the server's public pages in turn: a deployment sending /login elsewhere still has /register", async () => {
    const fetchImpl = fetchFrom({
      "/login": new Response(null, { status: 307, headers: { location: "https://dash.lender.example/login" } }),
      "/register": new Response(page(`3:{"config":${CONFIG.replace(',"endpoint":"http://127.0.0.1:3310/api/local/cognito"', "")}}`)),
    });
    expect(await serverCognito(base, { local: false, fetchImpl })).toEqual({
      clientId: "otherclient0000000000000001",
      userPoolId: "us-east-1_otherpool",
      endpoint: "https://cognito-idp.us-east-1.amazonaws.com/",
    });
  });

  it("locally, signs in at the stand-in on the checked origin, whatever origin the server thinks it has", async () => {
    const local = new URL("http://127.0.0.1:8080");
    const fetchImpl = fetchFrom({ "/login": new Response(page(`3:{"config":${CONFIG}}`)) });
    expect(await serverCognito(local, { local: true, fetchImpl })).toEqual({
      clientId: "otherclient0000000000000001",
      userPoolId: "us-east-1_otherpool",
      endpoint: "http://127.0.0.1:8080/api/local/cognito",
    });
  });

  it("says which pages it tried when none carries the configuration", async () => {
    await expect(serverCognito(base, { local: false, fetchImpl: fetchFrom({}) })).rejects.toThrow(
      "no page of https://app.lender.example carries the public configuration (tried /login (404), /register (404), /_restricted (404))",
    );
  });
});
