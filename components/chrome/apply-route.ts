/**
 * SPEC 2 keys two chrome rules on "routes containing apply": the sidebar minimises and the top
 * bar's call to action disappears. One predicate keeps them in step.
 */
export function isApplyRoute(pathname: string): boolean {
  return pathname.toLowerCase().includes("apply");
}
