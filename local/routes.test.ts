import { API_METHODS, refuse } from "../lib/security/request-policy";
import { serveRouteTable } from "./infra/http/route-table";
import { LOCAL_ROOT } from "../lib/config/local-paths";
import { STAND_IN_ROUTES } from "./routes";

/** A path the pattern matches: `:name` and `*` become values. */
const sample = (path: string) => `${LOCAL_ROOT}/${path.replace(/:[^/]+/g, "x").replace(/\*$/, "a/b")}`;

describe("the edge's API_METHODS agree with the stand-in table", () => {
  it.each(STAND_IN_ROUTES.map((r) => [r.path, r] as const))("%s", (_path, route) => {
    const row = API_METHODS.find(([pattern]) => pattern.test(sample(route.path)));
    expect(row && [...row[1]].sort()).toEqual([...route.methods].sort());
  });

  it("every stand-in row of the edge names a table route", () => {
    const standIns = API_METHODS.filter(([pattern]) => pattern.source.startsWith("^\\/api\\/local\\/"));
    expect(standIns).toHaveLength(STAND_IN_ROUTES.length);
    for (const [pattern] of standIns) expect(STAND_IN_ROUTES.some((r) => pattern.test(sample(r.path)))).toBe(true);
  });
});

describe("the table and the edge answer a method a mount does not name alike", () => {
  const never = async () => new Response("handler ran", { status: 200 });
  const table = serveRouteTable(
    STAND_IN_ROUTES.map((r) => ({ ...r, handle: never })),
    () => ({ isLocal: true }),
  );

  it.each(STAND_IN_ROUTES.map((r) => [r.path] as const))("%s", async (path) => {
    const url = sample(path);
    const edge = refuse({ method: "DELETE", pathname: url, kind: "api", header: () => null });
    const answer = await table(new Request(`http://localhost${url}`, { method: "DELETE" }), url.slice(LOCAL_ROOT.length + 1).split("/"));
    expect([answer.status, answer.headers.get("allow")]).toEqual([edge?.status, edge?.allow]);
  });
});
