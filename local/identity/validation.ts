import { z } from "zod";
import { CognitoError, memberError } from "./errors";

/**
 * Parses an operation's input; the first problem becomes Cognito's InvalidParameterException
 * naming the field (e.g. 'AuthParameters.USERNAME').
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new CognitoError("InvalidParameterException", "Invalid input");
  const field = issue.path.map(String).join(".") || "input";
  const missing = issue.code === "invalid_type" && issue.message.includes("undefined");
  let constraint = missing ? "Member must not be null" : `Member ${issue.message.replace(/^Invalid input: /, "")}`;
  if (issue.code === "too_small" || issue.code === "too_big") constraint = `Member must have length ${issue.code === "too_small" ? "greater than or equal to" : "less than or equal to"} ${(issue as { minimum?: unknown; maximum?: unknown }).minimum ?? (issue as { maximum?: unknown }).maximum}`;
  throw memberError(field, constraint);
}

export const requiredString = (max = 2048) => z.string().min(1).max(max);
export const stringMap = z.record(z.string(), z.string());
