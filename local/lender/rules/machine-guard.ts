import { refusalFor, type Action, type ApplicationState } from "../../../lib/application/application-machine";
import type { RefusalCode } from "../../../lib/application/refusal-codes";
import { REFUSAL_WORDS } from "../../../lib/application/refusal-words";
import type { Queryable } from "../../infra/db";

/**
 * The one guard every door of the stand-in calls before it writes (the GraphQL resolvers, the
 * stand-in apps' presses, the lender's ops actions): the application's state machine
 * (lib/application/application-machine.ts) on the caller's rows. A refusal names its reason code;
 * the API answers it as AppSync's FailedPrecondition with errorInfo.reason.
 */
export class RuleRefusal extends Error {
  override name = "RuleRefusal";
  constructor(
    readonly code: RefusalCode,
    readonly action: Action,
    message: string = REFUSAL_WORDS[code],
  ) {
    super(message);
  }
}

/** The machine's facts from the stand-in's rows; no application yet is a new one at chooseEmployer. */
export async function readApplicationState(db: Queryable, sub: string): Promise<ApplicationState> {
  const row = (
    await db.query<{ step: string; dd: boolean; accepted: boolean; signed: boolean }>(
      `SELECT a.step, a.direct_deposit_confirmed AS dd, coalesce(o.accepted_at IS NOT NULL, false) AS accepted,
              coalesce(o.contract_signed, false) AS signed
         FROM applications a LEFT JOIN offers o ON o.sub = a.sub WHERE a.sub = $1`,
      [sub],
    )
  )[0];
  if (!row) return { step: "chooseEmployer", offerAccepted: false, directDepositConfirmed: false, contractSigned: false };
  return { step: row.step, offerAccepted: row.accepted, directDepositConfirmed: row.dd, contractSigned: row.signed };
}

/**
 * Throws a RuleRefusal unless the action is open in the caller's state. A decision input sent after
 * the decision is left to the per-field rule (application-rules.ts): sending the stored values
 * again is no change, and that rule answers DECISION_FACTS_LOCKED for a real one.
 */
export async function assertActionOpen(db: Queryable, sub: string, action: Action): Promise<ApplicationState> {
  const state = await readApplicationState(db, sub);
  const code = refusalFor(state, action);
  if (code === null || code === "DECISION_FACTS_LOCKED") return state;
  throw new RuleRefusal(code, action);
}
