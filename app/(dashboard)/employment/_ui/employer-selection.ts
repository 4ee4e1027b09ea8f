/**
 * The employer step's rules (SPEC 5), apart from any widget:
 * - a hit with a parentId is a sub-employer: it is the choice;
 * - a hit without one is a parent: the island check decides. An island is the choice; otherwise a
 *   sub-employer search filtered by its id follows, where "Other" means the parent itself;
 * - an island check that fails is only logged, and the parent is taken as chosen.
 */
export interface EmployerHit {
  objectID: string;
  name: string;
  parentId?: string | null;
  parentName?: string | null;
  city?: string | null;
  state?: string | null;
  logoUrl?: string | null;
}

export type PickOutcome = { kind: "chosen"; employer: EmployerHit } | { kind: "sub-employer"; parent: EmployerHit };

export const SUB_EMPLOYER_HELP = "Select 'Other' if you work directly for the parent employer or do not see your sub-employer.";
export const EMPLOYER_NOT_FOUND = "Employer not found";
/** What to try before asking for an employer: schools and departments are often listed under their district or agency. */
export const EMPLOYER_NOT_FOUND_HINT =
  "Try the name of your school district, parent organisation or agency: many schools and departments are listed under it.";

/**
 * SPEC 2's /employerRequest (a redirect to the lending app's apply page, the query kept) with what
 * the person typed, so the employer they could not find is asked for without typing it again.
 */
export function employerRequestHref(typed: string): string {
  const name = typed.trim().slice(0, 200);
  return name ? `/employerRequest?${new URLSearchParams({ employerName: name })}` : "/employerRequest";
}

/** Index filter for the sub-employers of a parent (Algolia filter syntax; parentId is facetable). */
export function subEmployerFilter(parentId: string): string {
  return `parentId:"${parentId.replace(/["\\]/g, "")}"`;
}

export async function resolvePick(
  hit: EmployerHit,
  deps: { checkIsland: (employerId: string) => Promise<boolean>; log: (message: string, error: unknown) => void },
): Promise<PickOutcome> {
  if (hit.parentId) return { kind: "chosen", employer: hit };
  let island: boolean;
  try {
    island = await deps.checkIsland(hit.objectID);
  } catch (error) {
    deps.log(`island check failed for employer ${hit.objectID}; taking the parent as chosen`, error);
    return { kind: "chosen", employer: hit };
  }
  return island ? { kind: "chosen", employer: hit } : { kind: "sub-employer", parent: hit };
}

/** "Other" in the sub-employer list: the parent itself. */
export function chooseOther(parent: EmployerHit): { kind: "chosen"; employer: EmployerHit } {
  return { kind: "chosen", employer: parent };
}

/**
 * A next handler's route, followed through the shell's own routes so that the guards decide where
 * the browser lands. Only same-site paths are followed; a bare step name means /apply/<step>.
 */
export function shellRouteFor(nextRoute: string | null | undefined): string | null {
  if (!nextRoute) return null;
  const route = nextRoute.trim();
  if (/^[A-Za-z][\w-]*$/.test(route)) return `/apply/${route}`;
  if (route.startsWith("/") && !route.startsWith("//") && !route.includes("\\") && !/\s/.test(route)) return route;
  return null;
}
