import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from "graphql";
import { findInvalidText, hasInvalidText } from "../http/invalid-text";

/**
 * Limits a document must pass before it runs, like AppSync's query depth and resolver limits: one
 * request cannot stall the stand-in for everyone (a 5,000-alias query once did for 20 s).
 */
export const LIMITS = {
  /** Nesting of selections (AppSync lets an API set 1–75; the shell's deepest operation is 4). */
  maxDepth: 10,
  /** Fields selected in all, fragments expanded: the "cost" of a request. */
  maxFields: 300,
  /** Aliased fields: the shell never needs many; thousands make one request do thousands of reads. */
  maxAliases: 20,
} as const;

interface Count {
  fields: number;
  aliases: number;
  depth: number;
}

function walk(set: SelectionSetNode, depth: number, fragments: Map<string, FragmentDefinitionNode>, count: Count, seen: Set<string>): void {
  count.depth = Math.max(count.depth, depth);
  for (const selection of set.selections) {
    if (count.fields > LIMITS.maxFields || count.depth > LIMITS.maxDepth) return;
    if (selection.kind === Kind.FIELD) {
      count.fields++;
      if (selection.alias) count.aliases++;
      if (selection.selectionSet) walk(selection.selectionSet, depth + 1, fragments, count, seen);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      walk(selection.selectionSet, depth, fragments, count, seen);
    } else {
      const fragment = fragments.get(selection.name.value);
      // A fragment spread twice on one path is a cycle (validation reports it); count it once.
      if (!fragment || seen.has(fragment.name.value)) continue;
      seen.add(fragment.name.value);
      walk(fragment.selectionSet, depth, fragments, count, seen);
      seen.delete(fragment.name.value);
    }
  }
}

/** Errors for a document over the limits (empty when it is within them). */
export function checkLimits(document: DocumentNode): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const errors: GraphQLError[] = [];
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const count: Count = { fields: 0, aliases: 0, depth: 0 };
    walk(d.selectionSet, 1, fragments, count, new Set());
    if (count.depth > LIMITS.maxDepth) errors.push(new GraphQLError(`Query depth exceeds the maximum of ${LIMITS.maxDepth}.`));
    if (count.fields > LIMITS.maxFields)
      errors.push(new GraphQLError(`Query selects more than the maximum of ${LIMITS.maxFields} fields.`));
    if (count.aliases > LIMITS.maxAliases)
      errors.push(new GraphQLError(`Query has more than the maximum of ${LIMITS.maxAliases} aliases.`));
  }
  return errors;
}

function invalidInValue(value: ValueNode): boolean {
  switch (value.kind) {
    case Kind.STRING:
      return hasInvalidText(value.value);
    case Kind.LIST:
      return value.values.some(invalidInValue);
    case Kind.OBJECT:
      return value.fields.some((f) => invalidInValue(f.value));
    default:
      return false;
  }
}

function argumentsIn(set: SelectionSetNode | undefined, out: { name: string; value: ValueNode }[]): void {
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) {
      for (const a of s.arguments ?? []) out.push({ name: a.name.value, value: a.value });
      argumentsIn(s.selectionSet, out);
    } else if (s.kind === Kind.INLINE_FRAGMENT) argumentsIn(s.selectionSet, out);
  }
}

/**
 * The argument or variable holding text the database cannot store (NUL, a lone surrogate), to be
 * answered as a BadRequestException naming it; undefined when all text is valid.
 */
export function invalidTextField(document: DocumentNode, variables: Record<string, unknown> | undefined): string | undefined {
  const fromVariables = variables ? findInvalidText(variables) : undefined;
  if (fromVariables) return `$${fromVariables}`;
  const args: { name: string; value: ValueNode }[] = [];
  for (const d of document.definitions)
    if (d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) argumentsIn(d.selectionSet, args);
  return args.find((a) => invalidInValue(a.value))?.name;
}
