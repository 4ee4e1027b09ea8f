import { GraphQLError } from "graphql";
import { InputError } from "../data/validate";
import { RuleRefusal } from "../rules/machine-guard";
import { RULE_REFUSAL_ERROR_TYPE } from "@/lib/application/refusal-codes";
import { logError } from "@/lib/observability/log-error";

/** An error a resolver raises on purpose, with AppSync's errorType. */
export class AppSyncError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
    readonly errorInfo: Record<string, unknown> | null = null,
    /** Refused after its write committed: an idempotent repeat gets this answer again (handler.ts). */
    readonly committed = false,
  ) {
    super(message);
  }
}

/** AppSync's error entry: message, errorType, errorInfo, path, locations, data. */
export interface AppSyncErrorEntry {
  message: string;
  errorType: string;
  errorInfo: Record<string, unknown> | null;
  path?: readonly (string | number)[];
  locations?: { line: number; column: number; sourceName: null }[];
  data: null;
}

export function formatError(error: GraphQLError, fallbackType = "ValidationError"): AppSyncErrorEntry {
  const original = error.originalError;
  const base = {
    path: error.path,
    locations: error.locations?.map((l) => ({ line: l.line, column: l.column, sourceName: null })),
    data: null,
  };
  if (original instanceof AppSyncError) {
    return { ...base, message: original.message, errorType: original.errorType, errorInfo: original.errorInfo };
  }
  if (original instanceof RuleRefusal) {
    // The lender's rules refused the action in this state: the reason code is the contract (docs/lending.md).
    return {
      ...base,
      message: original.message,
      errorType: RULE_REFUSAL_ERROR_TYPE,
      errorInfo: { reason: original.code, action: original.action },
    };
  }
  if (original instanceof InputError) {
    return { ...base, message: original.message, errorType: "BadRequestException", errorInfo: { field: original.field } };
  }
  if (original && !(original instanceof GraphQLError)) {
    // A bug or a database failure: logged here, never shown (SPEC section 8: server wording is not shown).
    logError("local graphql: resolver failed", original, { path: error.path?.join(".") });
    return { ...base, message: "An internal failure occurred.", errorType: "InternalFailure", errorInfo: null };
  }
  // Parse, validation and variable coercion errors from graphql-js (they name the field or variable).
  return { ...base, message: error.message, errorType: fallbackType, errorInfo: null };
}
