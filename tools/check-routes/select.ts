import type { RouteCase } from "./cases";
import type { PersonaSpec } from "./personas";

/**
 * `--only a,b,c`: each name is a persona or a route (a case id, a row id or a path). Named
 * personas narrow the personas, named routes narrow the routes; an unknown name is an error.
 */
export function selectOnly(
  only: string | undefined,
  personas: PersonaSpec[],
  cases: RouteCase[],
): { personas: PersonaSpec[]; cases: RouteCase[] } {
  if (!only?.trim()) return { personas, cases };
  const names = only
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const pickedPersonas = new Set<string>();
  const pickedCases = new Set<string>();
  const unknown: string[] = [];
  for (const name of names) {
    const persona = personas.find((p) => p.name === name);
    if (persona) {
      pickedPersonas.add(persona.name);
      continue;
    }
    const asPath = (name.startsWith("/") ? name : `/${name}`).toLowerCase();
    const matching = cases.filter(
      (c) => c.id === name || c.route === name || c.url === name || c.url.split("?")[0]!.toLowerCase() === asPath,
    );
    if (matching.length) for (const c of matching) pickedCases.add(c.id);
    else unknown.push(name);
  }
  if (unknown.length) throw new Error(`--only: no persona or route named ${unknown.join(", ")}`);
  return {
    personas: pickedPersonas.size ? personas.filter((p) => pickedPersonas.has(p.name)) : personas,
    cases: pickedCases.size ? cases.filter((c) => pickedCases.has(c.id)) : cases,
  };
}
