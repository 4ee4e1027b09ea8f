import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { GraphQLError, Kind, parse, validate, type GraphQLSchema } from "graphql";

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
 * naming the file and the operation: `lib/api/documents/x.graphql: mutation setFoo: Cannot query ...`.
 * Each operation is validated alone (with the fragments of its file), so a message names exactly one.
 */
export function operationProblems(schema: GraphQLSchema, files: OperationFile[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    let document;
    try {
      document = parse(file.source);
    } catch (error) {
      problems.push(`${file.path}: ${error instanceof GraphQLError ? error.message : String(error)}`);
      continue;
    }
    const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
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
      for (const error of validate(schema, { ...document, definitions: [definition, ...fragments] })) {
        problems.push(`${label}: ${error.message}`);
      }
    }
  }
  return problems;
}
