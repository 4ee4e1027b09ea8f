import type { Session } from "@/lib/session/session";
import { decide } from "../decide";
import type { CompiledTable } from "../match";
import type { Decision, RoutingEnvironment } from "../types";
import { HOSTED_ENV, NOW } from "./visitors";

/** decide() for a URL as a visitor types it ("/path?query"), at the tests' fixed now; the default table unless one is given. */
export function decideUrl(url: string, session: Session, env: RoutingEnvironment = HOSTED_ENV, table?: CompiledTable): Decision {
  const q = url.indexOf("?");
  return decide({ pathname: q === -1 ? url : url.slice(0, q), search: q === -1 ? "" : url.slice(q), session, env, now: NOW }, table);
}
