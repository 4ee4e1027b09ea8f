import { buildSchema, type GraphQLField, type GraphQLSchema } from "graphql";
import { SDL } from "../../../contract/generated/schema-sdl";

/**
 * The API's one schema, built from the contract (contract/schema/*.graphql, embedded by npm run codegen).
 * Resolvers are attached to its root fields by executable-schema.ts.
 */
export function contractSchema(): GraphQLSchema {
  return buildSchema(SDL);
}

export type RootType = "Query" | "Mutation";

/** Every root field of a schema, as "Query.loadFrontend", "Mutation.setEmployer", ... */
export function rootFields(schema: GraphQLSchema): { type: RootType; name: string; field: GraphQLField<unknown, unknown> }[] {
  const out: { type: RootType; name: string; field: GraphQLField<unknown, unknown> }[] = [];
  for (const type of ["Query", "Mutation"] as const) {
    const object = type === "Query" ? schema.getQueryType() : schema.getMutationType();
    for (const field of Object.values(object?.getFields() ?? {})) out.push({ type, name: field.name, field });
  }
  return out;
}

/**
 * Root fields the public API key may call: those the contract marks @aws_api_key, as AppSync reads
 * them. The user token may call every field.
 */
export function publicFields(schema: GraphQLSchema): ReadonlySet<string> {
  return new Set(
    rootFields(schema)
      .filter(({ field }) => field.astNode?.directives?.some((d) => d.name.value === "aws_api_key"))
      .map(({ name }) => name),
  );
}
