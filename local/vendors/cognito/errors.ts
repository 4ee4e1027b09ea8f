/**
 * Cognito's error shape: HTTP 400 with `{"__type": "<Name>", "message": "..."}`. Amplify reads the
 * name from x-amzn-errortype or __type and the text from message, so both are set.
 */
export type CognitoErrorType =
  | "InvalidParameterException"
  | "InvalidPasswordException"
  | "NotAuthorizedException"
  | "ResourceNotFoundException"
  | "SerializationException"
  | "UnknownOperationException"
  | "UnsupportedTokenTypeException"
  | "UserNotFoundException"
  | "UsernameExistsException"
  | "LimitExceededException"
  | "TooManyRequestsException"
  | "AliasExistsException"
  | "InternalErrorException";

export class CognitoError extends Error {
  constructor(
    readonly type: CognitoErrorType,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const invalidParameter = (message: string) => new CognitoError("InvalidParameterException", message);
export const notAuthorized = (message: string) => new CognitoError("NotAuthorizedException", message);

/** Cognito's wording for a missing or malformed member, naming the field. */
export function memberError(field: string, constraint: string): CognitoError {
  return invalidParameter(`1 validation error detected: Value at '${field}' failed to satisfy constraint: ${constraint}`);
}
