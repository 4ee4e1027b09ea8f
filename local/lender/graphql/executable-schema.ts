import type { GraphQLFieldResolver, GraphQLSchema } from "graphql";
import { notAuthorized, resolvers, type Context, type RootResolvers } from "./resolvers";
import { contractSchema, publicFields, rootFields } from "./schema";

/** The contract's root fields without a resolver, and resolvers for fields the contract lacks. */
export function coverage(schema: GraphQLSchema, map: RootResolvers): { missing: string[]; extra: string[] } {
  const inSchema = new Set(rootFields(schema).map(({ type, name }) => `${type}.${name}`));
  const inMap = new Set((["Query", "Mutation"] as const).flatMap((type) => Object.keys(map[type]).map((name) => `${type}.${name}`)));
  return {
    missing: [...inSchema].filter((f) => !inMap.has(f)).sort(),
    extra: [...inMap].filter((f) => !inSchema.has(f)).sort(),
  };
}

/** The contract with the resolver map attached to its root fields; refuses a map that does not cover it exactly. */
export function buildExecutableSchema(map: RootResolvers = resolvers): GraphQLSchema {
  const schema = contractSchema();
  const { missing, extra } = coverage(schema, map);
  if (missing.length || extra.length) {
    throw new Error(
      `The resolver map does not match the contract (contract/schema):` +
        (missing.length ? ` no resolver for ${missing.join(", ")};` : "") +
        (extra.length ? ` resolvers for fields the contract lacks: ${extra.join(", ")}` : ""),
    );
  }
  // AppSync's auth rule, read from the contract: the API key reaches only @aws_api_key fields.
  const open = publicFields(schema);
  for (const { type, name, field } of rootFields(schema)) {
    const resolve = (map[type] as Record<string, GraphQLFieldResolver<unknown, Context>>)[name]!;
    field.resolve = open.has(name)
      ? (resolve as GraphQLFieldResolver<unknown, unknown>)
      : (parent, args, context, info) => {
          const ctx = context as Context;
          if (ctx.auth.kind !== "user") throw notAuthorized(info);
          return resolve(parent, args, ctx, info);
        };
  }
  return schema;
}

export const executableSchema = buildExecutableSchema();
