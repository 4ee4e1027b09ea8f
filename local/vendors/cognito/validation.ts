import { z } from "zod";
import { memberError } from "./errors";

/**
 * Parses an operation's input; the first problem becomes Cognito's InvalidParameterException
 * naming the field (e.g. 'AuthParameters.USERNAME').
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join(".") || "input";
  throw memberError(field, issue ? constraintOf(issue) : "Member is invalid");
}

function constraintOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      // zod reports what it received only in the message (the input itself is not kept).
      return /received (undefined|null)$/.test(issue.message) ? "Member must not be null" : `Member must be of type ${issue.expected}`;
    case "too_small":
      return `Member must have length greater than or equal to ${String(issue.minimum)}`;
    case "too_big":
      return `Member must have length less than or equal to ${String(issue.maximum)}`;
    case "invalid_value":
      return `Member must satisfy enum value set: [${issue.values.map(String).join(", ")}]`;
    default:
      return `Member ${issue.message}`;
  }
}

export const requiredString = (max = 2048) => z.string().min(1).max(max);
export const stringMap = z.record(z.string(), z.string());
