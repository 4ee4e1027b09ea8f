import ts from "typescript";
import { Kind, parse, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import type { OperationFile } from "./operation-check";

/** A GraphQL operation written in a TypeScript file's string, one that a generated document sends. */
export interface HandWritten {
  path: string;
  line: number;
  /** As a message names it: `mutation setEmployer` or `mutation (anonymous)`. */
  operation: string;
  /** Its root fields that a shell document selects. */
  fields: string[];
  /** The generated documents that select those fields (lib/graphql/generated/operations.ts). */
  documents: string[];
}

/** Stands for a template's `${…}`; a validation error that names it is about a value known only at run time. */
const HOLE = "__hole";

const rootFields = (operation: OperationDefinitionNode) =>
  operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));

const operationsOf = (document: DocumentNode) =>
  document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

/** The GraphQL documents written in a file's string literals and templates, with their lines. */
function documentsIn(path: string, source: string): { line: number; document: DocumentNode }[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: { line: number; document: DocumentNode }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => HOLE + s.literal.text).join("");
    // An operation starts with its keyword or, as a query's shorthand, with its selection.
    if (text !== undefined && /^\s*(?:(?:query|mutation|subscription)\b|\{\s*[_A-Za-z])/.test(text)) {
      try {
        found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, document: parse(text) });
      } catch {
        // Not GraphQL (a key name such as "{Enter}", JSON): nothing to send.
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The operations tests write by hand where a generated document would do: one that the contract
 * accepts and that selects a root field a shell document selects. An operation the contract
 * refuses (a probe of the server's validation and limits, a fake server's own field) has no
 * document to go through, nor has a field the shell never sends. `generated` is the generated
 * operations module: its `…Document` exports are the shell's documents.
 */
export function handWrittenOperations(
  schema: GraphQLSchema,
  generated: Readonly<Record<string, unknown>>,
  files: OperationFile[],
): HandWritten[] {
  const documentsByField = new Map<string, string[]>();
  for (const [name, value] of Object.entries(generated)) {
    if (!name.endsWith("Document")) continue;
    for (const operation of operationsOf(value as DocumentNode)) {
      for (const field of rootFields(operation)) documentsByField.set(field, [...(documentsByField.get(field) ?? []), name]);
    }
  }
  return files.flatMap(({ path, source }) =>
    documentsIn(path, source).flatMap(({ line, document }) => {
      if (validate(schema, document).some((error) => !error.message.includes(HOLE))) return [];
      return operationsOf(document).flatMap((operation) => {
        const fields = rootFields(operation).filter((f) => documentsByField.has(f));
        if (fields.length === 0) return [];
        const documents = [...new Set(fields.flatMap((f) => documentsByField.get(f)!))];
        return [{ path, line, operation: `${operation.operation} ${operation.name?.value ?? "(anonymous)"}`, fields, documents }];
      });
    }),
  );
}

/** One line per operation: the file and line, the operation and its fields, and what to send instead. */
export function handWrittenMessage(op: HandWritten): string {
  return `${op.path}:${op.line}: ${op.operation} { ${op.fields.join(" ")} } is written by hand; send ${op.documents.join(" or ")} from lib/graphql/generated/operations`;
}
