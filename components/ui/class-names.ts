/** Joins the truthy class names: keeps conditional Tailwind classes readable. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
