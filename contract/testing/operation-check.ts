import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { GraphQLError, Kind, parse, validate, visit, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema } from "graphql";

export interface OperationFile {
  path: string;
  source: string;
}

/** The .graphql files of a folder, in name order. */
export function readOperationFiles(dir: string): OperationFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".graphql"))
    .sort()
    .map((f) => ({ path: join(dir, f), source: readFileSync(join(dir, f), "utf8") }));
}

/**
 * Every operation checked against the contract (graphql-js validate), one message per problem,
 * naming the file and the operation: `lib/graphql/documents/x.graphql: mutation setFoo: Cannot query ...`.
 * Each operation is validated alone with the fragments it uses (from any file), so a message names
 * exactly one operation.
 */
export function operationProblems(schema: GraphQLSchema, files: OperationFile[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const parsed: { file: OperationFile; document: DocumentNode }[] = [];
  for (const file of files) {
    try {
      parsed.push({ file, document: parse(file.source) });
    } catch (error) {
      problems.push(`${file.path}: ${error instanceof GraphQLError ? error.message : String(error)}`);
    }
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { document } of parsed) {
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  }
  /** The fragments a definition spreads, transitively; unknown names are left to validate() to report. */
  const used = (root: { kind: Kind }): FragmentDefinitionNode[] => {
    const out = new Map<string, FragmentDefinitionNode>();
    const queue = [root];
    while (queue.length) {
      visit(queue.pop() as never, {
        FragmentSpread(node) {
          const fragment = fragments.get(node.name.value);
          if (fragment && !out.has(node.name.value)) {
            out.set(node.name.value, fragment);
            queue.push(fragment);
          }
        },
      });
    }
    return [...out.values()];
  };
  for (const { file, document } of parsed) {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const name = definition.name?.value;
      const label = `${file.path}: ${definition.operation} ${name ?? "(anonymous)"}`;
      if (!name) {
        problems.push(`${label}: every operation needs a name (the generated document is named after it)`);
        continue;
      }
      const other = seen.get(name);
      if (other) problems.push(`${label}: the name is already used in ${other}`);
      seen.set(name, file.path);
      for (const error of validate(schema, { ...document, definitions: [definition, ...used(definition)] })) {
        problems.push(`${label}: ${error.message}`);
      }
    }
  }
  return problems;
}
