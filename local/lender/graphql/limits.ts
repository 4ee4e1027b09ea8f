import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from "graphql";
import { findInvalidText, hasInvalidText } from "../../infra/http/invalid-text";

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

/** What a selection set costs, fragments expanded: fields and aliases in all, and its depth. */
export interface Cost {
  fields: number;
  aliases: number;
  depth: number;
}

/** A document's cost per operation, and how many selections were visited to measure it. */
export interface Measure {
  operations: Cost[];
  /** Selections visited: each selection of the document at most once, however often it is spread. */
  visits: number;
  /** The first fragment found spreading itself (directly or through others), if any. */
  cycle?: string;
}

/** The fragment that spreads itself, directly or through others (a DFS over the spread graph), if any. */
function findCycle(fragments: Map<string, FragmentDefinitionNode>): string | undefined {
  const spreadsOf = (set: SelectionSetNode, out: string[]): string[] => {
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) out.push(s.name.value);
      else if (s.selectionSet) spreadsOf(s.selectionSet, out);
    }
    return out;
  };
  const edges = new Map([...fragments].map(([name, f]) => [name, spreadsOf(f.selectionSet, [])]));
  const state = new Map<string, "open" | "done">();
  // Iterative, so a long chain of fragments cannot overflow the stack.
  for (const root of fragments.keys()) {
    if (state.has(root)) continue;
    const stack: { name: string; next: number }[] = [{ name: root, next: 0 }];
    state.set(root, "open");
    while (stack.length) {
      const top = stack.at(-1)!;
      const targets = edges.get(top.name)!;
      if (top.next >= targets.length) {
        state.set(top.name, "done");
        stack.pop();
        continue;
      }
      const target = targets[top.next++]!;
      if (!fragments.has(target)) continue; // unknown: validation names it
      const seen = state.get(target);
      if (seen === "open") return target;
      if (!seen) {
        state.set(target, "open");
        stack.push({ name: target, next: 0 });
      }
    }
  }
  return undefined;
}

/**
 * Measures every operation in time linear in the document: cycles are refused first, then each
 * fragment's cost is computed once and multiplied by its spreads (a fragment spread twice costs
 * twice, without being walked twice). Counts can exceed 2^53 and lose precision, never their size.
 */
export function measure(document: DocumentNode): Measure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const result: Measure = { operations: [], visits: 0 };
  const cycle = findCycle(fragments);
  if (cycle) return { ...result, cycle };
  const memo = new Map<string, Cost>();
  const costOf = (set: SelectionSetNode): Cost => {
    const cost: Cost = { fields: 0, aliases: 0, depth: 1 };
    const add = (c: Cost, depthOffset: number) => {
      cost.fields += c.fields;
      cost.aliases += c.aliases;
      cost.depth = Math.max(cost.depth, c.depth + depthOffset);
    };
    for (const selection of set.selections) {
      result.visits++;
      if (selection.kind === Kind.FIELD) {
        cost.fields++;
        if (selection.alias) cost.aliases++;
        if (selection.selectionSet) add(costOf(selection.selectionSet), 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        add(costOf(selection.selectionSet), 0);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment) continue; // validation reports an unknown fragment
        let c = memo.get(name);
        if (!c) memo.set(name, (c = costOf(fragment.selectionSet)));
        add(c, 0);
      }
    }
    return cost;
  };
  for (const d of document.definitions) if (d.kind === Kind.OPERATION_DEFINITION) result.operations.push(costOf(d.selectionSet));
  return result;
}

/** Errors for a document over the limits (empty when it is within them). */
export function checkLimits(document: DocumentNode): GraphQLError[] {
  const m = measure(document);
  // graphql-js's own wording (NoFragmentCyclesRule), reported before anything is expanded.
  if (m.cycle) return [new GraphQLError(`Cannot spread fragment "${m.cycle}" within itself.`)];
  const errors: GraphQLError[] = [];
  for (const count of m.operations) {
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
