import type { FundingSource as FundingSourceView } from "../../../contract/generated/types";
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Db, Queryable } from "../../infra/db";
import { lastFour, MAX_VERIFY_ATTEMPTS, UNVERIFIED_EXISTS, WRONG_TRIES_TEXT, stepAfterFundingEvent, type FundingEvent } from "../../../lib/bank/funding-rules";
import { manualAccountWireSchema } from "../../../lib/bank/schema";
import { parseForm } from "../../../lib/forms/validation";
import { hashToken, createLinkToken as createPlaidLinkToken, type LinkAccount } from "../../vendors/plaid/plaid";
import type { FundingSettings } from "../../vendors/plaid/settings";
import { ensureApplication, moveTo } from "./application";
import type { Caller } from "./frontend";
import { InputError, text } from "./validate";
import { MICRO_DEPOSIT_CAP_MESSAGE, decideMicroDepositAdd } from "../rules/application-rules";
import { accountFingerprint, claimGuess, guessesLeft } from "../rules/micro-deposit-cap";

/**
 * Funding sources (SPEC 4, 5, 7, 8): links, manually, verifies, setActiveFSID, checkItemStatus and
 * the link token. The database holds the rules (one unverified source, one active source, one
 * source per Plaid account); each write runs in one transaction and touches only the caller's rows.
 */

/** An error with AppSync's errorType, raised on purpose (mapped by the GraphQL layer). */
export class FundingError extends Error {
  constructor(
    readonly type: "ConflictException" | "ResourceNotFoundException" | "BadRequestException",
    message: string,
    readonly field?: string,
    /**
     * The refusal comes after a committed write (a wrong try counted, a lockout, the review): an
     * idempotent repeat must get this answer again, not run and count once more (graphql/handler.ts).
     */
    readonly committed = false,
  ) {
    super(message);
  }
}

export const NO_UNVERIFIED = "No Unverified Account Found";
export const LOCKED_MESSAGE = `This account is locked after ${WRONG_TRIES_TEXT}. Add it again to get two new deposits.`;

const UNIQUE_VIOLATION = "23505";
const isUniqueViolation = (e: unknown, index: string) => {
  const err = e as { code?: string; constraint?: string; message?: string };
  return err?.code === UNIQUE_VIOLATION && (err.constraint === index || (err.message ?? "").includes(index));
};

async function advance(tx: Queryable, caller: Caller, event: FundingEvent): Promise<void> {
  const step = (await tx.query<{ step: string }>(`SELECT step FROM applications WHERE sub = $1 FOR UPDATE`, [caller.sub]))[0]?.step;
  const next = step ? stepAfterFundingEvent(step, event) : null;
  if (next) await moveTo(tx, caller.sub, next);
}

/** Makes the given source active when the caller has no active source yet. */
async function activateIfNone(tx: Queryable, sub: string, accountId: string): Promise<void> {
  await tx.query(
    `UPDATE funding_sources SET active = true
      WHERE account_id = $2 AND sub = $1 AND verified AND NOT EXISTS (SELECT 1 FROM funding_sources WHERE sub = $1 AND active)`,
    [sub, accountId],
  );
}

export async function createLinkToken(
  db: Db,
  caller: Caller,
  settings: FundingSettings,
  redirectUri?: unknown,
): Promise<{ link_token: string; expiration: string }> {
  // Plaid's rule: a redirect_uri must be on the dashboard's allowed list, exactly.
  const uri = redirectUri === undefined || redirectUri === null ? undefined : text("redirectUri", redirectUri, { max: 2048 });
  if (uri !== undefined && !settings.allowedRedirectUris.includes(uri))
    throw new FundingError("BadRequestException", "redirectUri: not one of the allowed redirect URIs", "redirectUri");
  return db.transaction(async (tx) => {
    await ensureApplication(tx, caller);
    return createPlaidLinkToken(tx, caller.sub, { webhook: settings.webhook, redirectUri: uri });
  });
}

interface MetaAccount {
  id: string;
}

function parseMetaData(value: unknown): { accounts: MetaAccount[] } {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new InputError("metaData", "must be JSON");
    }
  }
  const accounts = (parsed as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(accounts) || accounts.length === 0) throw new InputError("metaData", "must name at least one account");
  if (accounts.length > 20) throw new InputError("metaData", "names too many accounts");
  return {
    accounts: accounts.map((a) => {
      const id = (a as { id?: unknown } | null)?.id;
      if (typeof id !== "string" || !id || id.length > 200) throw new InputError("metaData", "every account needs an id");
      return { id };
    }),
  };
}

/**
 * links(publicToken, metaData): exchanges the public token and adds the chosen accounts, verified
 * at once. Exchanging the same token again adds nothing (one source per Plaid account). Only
 * checking and savings accounts of that token's item are accepted. Answers 200.
 */
export async function links(db: Db, caller: Caller, publicToken: unknown, metaData: unknown): Promise<200> {
  const token = text("publicToken", publicToken, { max: 200 });
  const meta = parseMetaData(metaData);
  return db.transaction(async (tx) => {
    const row = (
      await tx.query<{ item_id: string; accounts: LinkAccount[]; expires_at: Date | string; exchanged_at: Date | string | null }>(
        `SELECT item_id, accounts, expires_at, exchanged_at FROM plaid_public_tokens WHERE token_hash = $1 AND sub = $2 FOR UPDATE`,
        [hashToken(token), caller.sub],
      )
    )[0];
    // Someone else's token reads exactly like an unknown one.
    if (!row || (!row.exchanged_at && new Date(row.expires_at).getTime() <= Date.now())) {
      throw new InputError("publicToken", "is unknown or expired");
    }
    const byId = new Map(row.accounts.map((a) => [a.id, a]));
    const chosen = meta.accounts.map((m) => {
      const account = byId.get(m.id);
      if (!account) throw new InputError("metaData", "only checking and savings accounts of this bank login can be added");
      return account;
    });
    await ensureApplication(tx, caller);
    for (const account of chosen) {
      const accountId = randomUUID();
      await tx.query(
        `INSERT INTO funding_sources (account_id, sub, funding_source, link_type, name, mask, subtype, verified, processor_token,
                request_id, item_id, plaid_account_id)
         VALUES ($1, $2, $3, 'plaid_getAuth', $4, $5, $6, true, $7, $8, $9, $10)
         ON CONFLICT (sub, plaid_account_id) WHERE plaid_account_id IS NOT NULL DO NOTHING`,
        [
          accountId, caller.sub, `fs-local-${accountId}`, account.name, account.mask, account.subtype,
          `processor-local-${randomBytes(12).toString("hex")}`, `req-${randomBytes(8).toString("hex")}`, row.item_id, account.id,
        ],
      );
      const id = (
        await tx.query<{ account_id: string }>(`SELECT account_id FROM funding_sources WHERE sub = $1 AND plaid_account_id = $2`, [caller.sub, account.id])
      )[0]!.account_id;
      await activateIfNone(tx, caller.sub, id);
    }
    if (!row.exchanged_at) {
      await tx.query(`UPDATE plaid_public_tokens SET exchanged_at = now() WHERE token_hash = $1`, [hashToken(token)]);
      // A sandbox login that expires after linking (user_expiring): the next item check asks for a refresh.
      await tx.query(`UPDATE plaid_items SET status = 'login_required' WHERE item_id = $1 AND expires_after_link`, [row.item_id]);
      await advance(tx, caller, "linked");
    }
    return 200 as const;
  });
}

export interface ManualInput {
  account: unknown;
  name: unknown;
  routing: unknown;
  type: unknown;
}

/**
 * manually(account, name, routing, type): a micro-deposit account, unverified, with two deposits
 * below $1.00 written to the local outbox as bank statement lines. Refused while an unverified
 * source exists (a partial unique index, so concurrent calls create exactly one); a locked one is
 * replaced, which is how a locked account is "removed and added again".
 */
export async function manually(db: Db, caller: Caller, input: ManualInput, settings: FundingSettings) {
  // The /bank form's own schema (lib/bank/schema.ts): the same rules on both sides.
  const parsed = parseForm(manualAccountWireSchema, {
    ...input,
    type: typeof input.type === "string" ? input.type.toLowerCase() : input.type,
  });
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? ["account", "is invalid"];
    throw new InputError(field, message);
  }
  const { account, routing, name, type } = parsed.data;
  const amounts = [randomInt(1, 100), randomInt(1, 100)] as const;
  const accountId = randomUUID();

  // One fingerprint for every spelling of the account (local/lender/rules/micro-deposit-cap.ts).
  const fp = accountFingerprint(settings.fingerprintKey, routing, account);

  /** The source already waiting for this account's deposits, if any: the first add's answer. */
  const waitingFor = async (q: Queryable) => {
    const row = (
      await q.query<{ account_id: string }>(
        `SELECT account_id FROM funding_sources WHERE sub = $1 AND account_fingerprint = $2 AND NOT verified AND NOT md_locked`,
        [caller.sub, fp],
      )
    )[0];
    return row ? (await readSources(q, caller.sub, row.account_id))[0] : undefined;
  };

  let outcome: FundingSourceView | { capped: true };
  try {
    outcome = await db.transaction(async (tx) => {
      // One add per applicant at a time, whatever the engine (issue 51: on PostgreSQL two simultaneous
      // adds of one account answered one of them as refused): the second waits for the first to
      // commit, then finds its source below and answers with it. Held until this transaction ends.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('funding-manual:' || $1))::text`, [caller.sub]);
      await ensureApplication(tx, caller);
      // Re-adding a locked account sends new deposits, three more guesses at two amounts (issue 25:
      // ~6,500 requests verified a stranger's account): capped by the lockouts counted in verifies.
      const counts = (
        await tx.query<{ account: number; user: number }>(
          `SELECT coalesce((SELECT locks FROM micro_deposit_account_locks WHERE account_fingerprint = $2), 0) AS account,
                  micro_deposit_locks AS user FROM applications WHERE sub = $1 FOR UPDATE`,
          [caller.sub, fp],
        )
      )[0]!;
      // The same account added again while its deposits wait (a second click, a retry after a
      // timeout): the first add's answer, no new deposits (issue 44).
      const waiting = await waitingFor(tx);
      if (waiting) return waiting;
      const allowed =
        decideMicroDepositAdd({ accountLocks: counts.account, userLocks: counts.user }).allowed && (await guessesLeft(tx, fp)) > 0;
      if (!allowed) {
        await sendToManualReview(tx, caller.sub);
        return { capped: true as const };
      }
      await tx.query(`DELETE FROM funding_sources WHERE sub = $1 AND md_locked`, [caller.sub]);
      await tx.query(
        `INSERT INTO funding_sources (account_id, sub, funding_source, link_type, name, mask, subtype, routing_number,
                account_fingerprint, verified, md_amount1_cents, md_amount2_cents)
         VALUES ($1, $2, $3, 'dwolla_MicroDeposits', $4, $5, $6, $7, $8, false, $9, $10)`,
        [accountId, caller.sub, `fs-local-${accountId}`, name, lastFour(account), type, routing, fp, amounts[0], amounts[1]],
      );
      const recipient = caller.email ?? caller.username;
      for (const cents of amounts) {
        await tx.query(`INSERT INTO local_outbox (recipient, code, purpose) VALUES ($1, $2, $3)`, [
          recipient,
          `$0.${String(cents).padStart(2, "0")}`,
          `Bank statement: ACCTVERIFY micro-deposit to ${name} ••${lastFour(account)}`,
        ]);
      }
      await advance(tx, caller, "manualAdded");
      return (await readSources(tx, caller.sub, accountId))[0]!;
    });
  } catch (error) {
    if (isUniqueViolation(error, "funding_sources_one_unverified")) {
      // Another add won the race (the lock above makes this rare): if it added this very account,
      // its answer is this one's too; another account waiting is the conflict it says.
      const waiting = await waitingFor(db);
      if (waiting) return waiting;
      throw new FundingError("ConflictException", UNVERIFIED_EXISTS);
    }
    throw error;
  }
  // Refused after the counters and the review were committed: the cap holds across requests.
  if ("capped" in outcome) throw new FundingError("ConflictException", MICRO_DEPOSIT_CAP_MESSAGE, "account", true);
  return outcome;
}

/**
 * Counts a lockout against the account and the applicant (in the locking transaction). Answers
 * whether the account may still be added again; when not, the application goes to manual review.
 */
async function countLockout(tx: Queryable, sub: string, accountFingerprint: string): Promise<boolean> {
  const accountLocks = (
    await tx.query<{ locks: number }>(
      `INSERT INTO micro_deposit_account_locks (account_fingerprint, locks) VALUES ($1, 1)
       ON CONFLICT (account_fingerprint) DO UPDATE SET locks = micro_deposit_account_locks.locks + 1 RETURNING locks`,
      [accountFingerprint],
    )
  )[0]!.locks;
  const userLocks = (
    await tx.query<{ locks: number }>(
      `UPDATE applications SET micro_deposit_locks = micro_deposit_locks + 1 WHERE sub = $1 RETURNING micro_deposit_locks AS locks`,
      [sub],
    )
  )[0]!.locks;
  if (decideMicroDepositAdd({ accountLocks, userLocks }).allowed) return true;
  await sendToManualReview(tx, sub);
  return false;
}

async function sendToManualReview(tx: Queryable, sub: string): Promise<void> {
  await tx.query(`INSERT INTO manual_reviews (sub, reason) VALUES ($1, 'micro_deposit_cap') ON CONFLICT (sub, reason) DO NOTHING`, [sub]);
}

const cents = (field: string, value: unknown): number => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new InputError(field, "must be a number");
  const c = Math.round(value * 100);
  if (Math.abs(c - value * 100) > 1e-6 || c < 1 || c > 99) throw new InputError(field, "must be an amount between $0.01 and $0.99");
  return c;
};

/**
 * verifies(amount1, amount2, account_id): "mdVerified" when both deposits match (in either order).
 * Each wrong try counts; the third locks the account. The count is kept even though the call fails.
 */
export async function verifies(db: Db, caller: Caller, amount1: unknown, amount2: unknown, accountId: unknown): Promise<"mdVerified"> {
  const a = cents("amount1", amount1);
  const b = cents("amount2", amount2);
  const id = text("account_id", accountId, { max: 100 });
  const outcome = await db.transaction(async (tx) => {
    const row = (
      await tx.query<{
        account_id: string;
        account_fingerprint: string;
        md_amount1_cents: number;
        md_amount2_cents: number;
        md_attempts: number;
        md_locked: boolean;
      }>(
        `SELECT account_id, account_fingerprint, md_amount1_cents, md_amount2_cents, md_attempts, md_locked FROM funding_sources
          WHERE sub = $1 AND account_id = $2 AND NOT verified AND link_type = 'dwolla_MicroDeposits' FOR UPDATE`,
        [caller.sub, id],
      )
    )[0];
    if (!row) return { kind: "none" as const };
    if (row.md_locked) return { kind: "locked" as const, wrote: false };
    // The cap counts judged guesses per account across applicants, claimed before judging (issue 43).
    // Past it the guess is not judged (the row's tries stay the wrong ones it had); the applicant goes to a person.
    if (!(await claimGuess(tx, row.account_fingerprint))) {
      await sendToManualReview(tx, caller.sub);
      return { kind: "capped" as const };
    }
    const match = (a === row.md_amount1_cents && b === row.md_amount2_cents) || (a === row.md_amount2_cents && b === row.md_amount1_cents);
    if (!match) {
      const attempts = row.md_attempts + 1;
      await tx.query(`UPDATE funding_sources SET md_attempts = $2, md_locked = $3 WHERE account_id = $1`, [row.account_id, attempts, attempts >= MAX_VERIFY_ATTEMPTS]);
      if (attempts < MAX_VERIFY_ATTEMPTS) return { kind: "wrong" as const, left: MAX_VERIFY_ATTEMPTS - attempts };
      return (await countLockout(tx, caller.sub, row.account_fingerprint)) ? { kind: "locked" as const, wrote: true } : { kind: "capped" as const };
    }
    await tx.query(`UPDATE funding_sources SET verified = true WHERE account_id = $1`, [row.account_id]);
    await activateIfNone(tx, caller.sub, row.account_id);
    await advance(tx, caller, "mdVerified");
    return { kind: "verified" as const };
  });
  switch (outcome.kind) {
    case "verified":
      return "mdVerified";
    case "none":
      throw new FundingError("ResourceNotFoundException", NO_UNVERIFIED, "account_id");
    case "locked":
      throw new FundingError("ConflictException", LOCKED_MESSAGE, "account_id", outcome.wrote);
    case "capped":
      throw new FundingError("ConflictException", MICRO_DEPOSIT_CAP_MESSAGE, "account_id", true);
    case "wrong":
      throw new FundingError(
        "BadRequestException",
        `The amounts do not match. ${outcome.left} ${outcome.left === 1 ? "try" : "tries"} left before the account is locked.`,
        "amount1",
        true,
      );
  }
}

/** setActiveFSID: the caller's verified source becomes the active one (the index allows one). */
export async function setActiveFSID(db: Db, caller: Caller, fsAccountId: unknown, isReAppWithPlaid: unknown): Promise<boolean> {
  const id = text("fs_account_id", fsAccountId, { max: 100 });
  if (isReAppWithPlaid !== undefined && isReAppWithPlaid !== null && typeof isReAppWithPlaid !== "boolean") {
    throw new InputError("isReAppWithPlaid", "must be a boolean");
  }
  return db.transaction(async (tx) => {
    const row = (await tx.query<{ verified: boolean }>(`SELECT verified FROM funding_sources WHERE sub = $1 AND account_id = $2 FOR UPDATE`, [caller.sub, id]))[0];
    if (!row) throw new FundingError("ResourceNotFoundException", "fs_account_id: no such account", "fs_account_id");
    if (!row.verified) throw new InputError("fs_account_id", "only a verified account can be the active one");
    await tx.query(`UPDATE funding_sources SET active = false WHERE sub = $1 AND active AND account_id <> $2`, [caller.sub, id]);
    await tx.query(`UPDATE funding_sources SET active = true WHERE sub = $1 AND account_id = $2`, [caller.sub, id]);
    return true;
  });
}

/**
 * checkItemStatus(username, bankAccountId): "SUCCESS" while the bank login behind the account
 * works (and for accounts with no bank login); otherwise a link token for update mode.
 */
export async function checkItemStatus(db: Db, caller: Caller, username: unknown, bankAccountId: unknown, settings: FundingSettings): Promise<string> {
  const user = text("username", username, { max: 128 });
  if (user !== caller.username) throw new InputError("username", "does not match the signed-in user");
  const id = text("bankAccountId", bankAccountId, { max: 100 });
  const row = (
    await db.query<{ item_id: string | null; status: string | null }>(
      `SELECT f.item_id, i.status FROM funding_sources f LEFT JOIN plaid_items i ON i.item_id = f.item_id AND i.sub = f.sub
        WHERE f.sub = $1 AND f.account_id = $2`,
      [caller.sub, id],
    )
  )[0];
  if (!row) throw new FundingError("ResourceNotFoundException", "bankAccountId: no such account", "bankAccountId");
  if (!row.item_id || row.status !== "login_required") return "SUCCESS";
  // Update mode at an OAuth bank returns through the redirect_uri too.
  return (await createPlaidLinkToken(db, caller.sub, { webhook: settings.webhook, itemId: row.item_id, redirectUri: settings.allowedRedirectUris[0] }))
    .link_token;
}

/** The contract's FundingSource (contract/schema base + bank.graphql). */
export type { FundingSourceView };

/** The caller's sources, oldest first; never the fingerprint, the routing number or deposit amounts. */
export async function readSources(db: Queryable, sub: string, accountId?: string): Promise<FundingSourceView[]> {
  return (
    await db.query<{ fs: FundingSourceView }>(
      `SELECT json_build_object('account_id', f.account_id, 'fundingSource', f.funding_source, 'link_type', f.link_type,
              'name', f.name, 'mask', f.mask, 'subtype', f.subtype, 'verified', f.verified, 'processor_token', f.processor_token,
              'request_id', f.request_id, 'evolve', f.evolve, 'active', f.active, 'locked', f.md_locked,
              'verifyTriesLeft', CASE WHEN f.verified THEN NULL ELSE ${MAX_VERIFY_ATTEMPTS} - f.md_attempts END,
              'institutionName', i.institution_name) AS fs
         FROM funding_sources f LEFT JOIN plaid_items i ON i.item_id = f.item_id
        WHERE f.sub = $1 ${accountId ? "AND f.account_id = $2" : ""}
        ORDER BY f.created_at, f.account_id`,
      accountId ? [sub, accountId] : [sub],
    )
  ).map((r) => r.fs);
}
