import type { ActionRefusal } from "./action-request";
import type { Refusal } from "./request-policy";

/**
 * What a request the edge refuses is answered: a short plain-text body in our own words, never
 * Next's error page (which would carry scripts and no policy of ours). The edge adds its headers.
 * Runtime-neutral (the edge).
 */
export interface PlainAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const PLAIN_TEXT = "text/plain; charset=utf-8";

/** The status line's text for a refused request. */
const STATUS_TEXT: Record<Refusal["status"], string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
};

/** A request refused by lib/security/request-policy.ts: the status's text and the reason; Allow on a 405. */
export function refusalAnswer(refusal: Refusal): PlainAnswer {
  return {
    status: refusal.status,
    body: `${STATUS_TEXT[refusal.status]}: ${refusal.reason}`,
    headers: { "content-type": PLAIN_TEXT, ...(refusal.allow ? { allow: refusal.allow } : {}) },
  };
}

/** A server action whose body Next could not decode (lib/security/action-request.ts): the reason alone. */
export function actionRefusalAnswer(refusal: ActionRefusal): PlainAnswer {
  return { status: refusal.status, body: refusal.reason, headers: { "content-type": PLAIN_TEXT } };
}
