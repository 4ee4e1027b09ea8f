import { createHmac } from "node:crypto";
import { MAX_VERIFY_ATTEMPTS } from "../../../lib/bank/funding-rules";
import type { Queryable } from "../../infra/db";
import { MICRO_DEPOSIT_LOCKS_PER_ACCOUNT } from "./application-rules";

/**
 * The micro-deposit guess cap (issue 43): judged guesses at one bank account's two deposits, by
 * anyone, counted where a guess is judged (verifies), not where an account is added: five
 * applicants adding the same account still share one allowance, and so do its spellings.
 */

/** Guesses one account's deposits may have, across applicants: three lockouts of three tries. */
export const MICRO_DEPOSIT_GUESS_CAP = MICRO_DEPOSIT_LOCKS_PER_ACCOUNT * MAX_VERIFY_ATTEMPTS;

/**
 * One account, however it is spelled: spaces and dashes dropped, leading zeros dropped from the
 * account number (banks pad it to their field width; "000123" and "123" post to one account).
 */
export function normaliseAccount(routing: string, account: string): { routing: string; account: string } {
  const digits = (s: string) => s.replace(/[\s-]/g, "");
  return { routing: digits(routing), account: digits(account).replace(/^0+(?=.)/, "") };
}

/** The account's keyed fingerprint: the only form in which the stand-in keeps a full account number. */
export function accountFingerprint(key: string, routing: string, account: string): string {
  const n = normaliseAccount(routing, account);
  return createHmac("sha256", key).update(`${n.routing}:${n.account}`).digest("hex");
}

/**
 * Claims one judged guess for the account, in the caller's transaction: true when it is within
 * the cap. One upsert that locks the counter row, so concurrent guesses are counted one by one.
 */
export async function claimGuess(tx: Queryable, fingerprint: string): Promise<boolean> {
  const rows = await tx.query<{ judged: number }>(
    `INSERT INTO micro_deposit_guesses (account_fingerprint, judged) VALUES ($1, 1)
     ON CONFLICT (account_fingerprint) DO UPDATE SET judged = micro_deposit_guesses.judged + 1
       WHERE micro_deposit_guesses.judged < $2
     RETURNING judged`,
    [fingerprint, MICRO_DEPOSIT_GUESS_CAP],
  );
  return rows.length > 0;
}

/** Whether the account has any guess left (adding it again sends no deposits nobody may guess). */
export async function guessesLeft(tx: Queryable, fingerprint: string): Promise<number> {
  const judged = (
    await tx.query<{ judged: number }>(`SELECT judged FROM micro_deposit_guesses WHERE account_fingerprint = $1`, [fingerprint])
  )[0]?.judged;
  return Math.max(0, MICRO_DEPOSIT_GUESS_CAP - (judged ?? 0));
}
