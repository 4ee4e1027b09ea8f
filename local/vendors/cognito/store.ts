import type { Db } from "../../infra/db/index";

/** A user of the local pool, as stored. */
export interface UserRow {
  sub: string;
  username: string;
  email: string;
  email_verified: boolean;
  phone_number: string | null;
  attributes: Record<string, string>;
  enabled: boolean;
}

export interface ChallengeRow {
  id: string;
  /** Null for a simulated challenge (an identifier with no account: ./existence.ts). */
  user_sub: string | null;
  attempt_key: string;
  source: string;
  simulated_destination: string | null;
  code_hash: string;
  session_hash: string;
  wrong_answers: number;
  status: "open" | "answered" | "failed";
  expires_at: Date | string;
}

export interface RefreshTokenRow {
  token_hash: string;
  origin_jti: string;
  user_sub: string;
  client_id: string;
  auth_time: number | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const USER_COLUMNS = "sub, username, email, email_verified, phone_number, attributes, enabled";

export function toMillis(value: Date | string): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

export async function findUserBySub(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_users WHERE sub = $1`, [sub]);
  return row;
}

/**
 * Resolves what a user typed to sign in: the username, or an alias (e-mail, or a phone number
 * held by exactly one user), as a Cognito pool with e-mail and phone aliases does.
 */
export async function findUserBySignInId(db: Db, id: string): Promise<UserRow | undefined> {
  const value = id.trim().toLowerCase();
  if (value.includes("@")) {
    const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_users WHERE email = $1`, [value]);
    return row;
  }
  if (/^\+[1-9]\d{6,14}$/.test(value)) {
    const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_users WHERE phone_number = $1 LIMIT 2`, [value]);
    return rows.length === 1 ? rows[0] : undefined;
  }
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM identity_users WHERE username = $1`, [value]);
  return row;
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string, phone?: string | null) {
  const rows = await db.query<{ username: string; email: string; phone_number: string | null }>(
    "SELECT username, email, phone_number FROM identity_users WHERE username = $1 OR email = $2 OR ($3::text IS NOT NULL AND phone_number = $3)",
    [username, email, phone ?? null],
  );
  return {
    username: rows.some((r) => r.username === username),
    email: rows.some((r) => r.email === email),
    phone: Boolean(phone) && rows.some((r) => r.phone_number === phone),
  };
}

export async function insertUser(db: Db, user: Omit<UserRow, "enabled">, pendingPhoneNumber: string | null = null): Promise<void> {
  await db.query(
    `INSERT INTO identity_users (sub, username, email, email_verified, phone_number, attributes, pending_phone_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [user.sub, user.username, user.email, user.email_verified, user.phone_number, JSON.stringify(user.attributes), pendingPhoneNumber],
  );
}

/** Serialises every write of one phone number as an alias (inside a transaction), so the unique index never fails a request. */
export async function lockPhoneAlias(db: Db, phone: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('identity-phone-alias'), hashtext($1))", [phone]);
}

export async function markEmailVerified(db: Db, sub: string): Promise<void> {
  await db.query("UPDATE identity_users SET email_verified = true, updated_at = now() WHERE sub = $1 AND NOT email_verified", [sub]);
}

/**
 * At the account's verification, a phone number held back at sign-up (another account had it)
 * becomes its alias if it is free now, and is dropped otherwise: the number's owner keeps it, and
 * nothing at sign-up or here tells anyone whether it had an account. Call inside a transaction.
 */
export async function resolvePendingPhone(db: Db, sub: string): Promise<void> {
  const [row] = await db.query<{ pending_phone_number: string | null }>("SELECT pending_phone_number FROM identity_users WHERE sub = $1", [
    sub,
  ]);
  const phone = row?.pending_phone_number;
  if (!phone) return;
  await lockPhoneAlias(db, phone);
  await db.query(
    `UPDATE identity_users SET phone_number = CASE
        WHEN EXISTS (SELECT 1 FROM identity_users o WHERE o.phone_number = $2) THEN phone_number ELSE $2 END,
        pending_phone_number = NULL, updated_at = now()
      WHERE sub = $1`,
    [sub, phone],
  );
}

export async function insertChallenge(
  db: Db,
  c: {
    id: string;
    userSub: string | null;
    attemptKey: string;
    source: string;
    simulatedDestination?: string | null;
    codeHash: string;
    sessionHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO identity_challenges (id, user_sub, attempt_key, simulated_destination, code_hash, session_hash, expires_at, created_at, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      c.id,
      c.userSub,
      c.attemptKey,
      c.simulatedDestination ?? null,
      c.codeHash,
      c.sessionHash,
      c.expiresAt.toISOString(),
      c.createdAt.toISOString(),
      c.source,
    ],
  );
}

/** What the challenges of a scope (an attempt key, a source, or both) since a time add up to. */
export interface AttemptStats {
  /** Challenges not answered correctly (open, failed or expired). */
  unanswered: number;
  /** Wrong codes in all. */
  wrong: number;
  /** Distinct sources that sent a wrong code. */
  wrongSources: number;
}

/**
 * The challenges of one attempt key (an account, or an identifier with no account), one source,
 * or one attempt key from one source, since `since`.
 */
export async function attemptStats(db: Db, scope: { attemptKey?: string; source?: string }, since: Date): Promise<AttemptStats> {
  const [row] = await db.query<AttemptStats>(
    `SELECT count(*) FILTER (WHERE status <> 'answered')::int AS unanswered, coalesce(sum(wrong_answers), 0)::int AS wrong,
            count(DISTINCT source) FILTER (WHERE wrong_answers > 0)::int AS "wrongSources"
       FROM identity_challenges
      WHERE created_at > $1 AND ($2::text IS NULL OR attempt_key = $2) AND ($3::text IS NULL OR source = $3)`,
    [since.toISOString(), scope.attemptKey ?? null, scope.source ?? null],
  );
  return row ?? { unanswered: 0, wrong: 0, wrongSources: 0 };
}

/** Whether the attempt key answered a challenge from this source since `since` (the owner's own address). */
export async function signedInFrom(db: Db, scope: { attemptKey: string; source: string }, since: Date): Promise<boolean> {
  const rows = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM identity_challenges
      WHERE attempt_key = $1 AND source = $2 AND status = 'answered' AND created_at > $3 LIMIT 1`,
    [scope.attemptKey, scope.source, since.toISOString()],
  );
  return rows.length > 0;
}

/** Locks the challenge row so that two answers to one session cannot both be counted. */
export async function lockChallengeBySession(db: Db, sessionHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.query<ChallengeRow>(
    `SELECT id, user_sub, attempt_key, source, simulated_destination, code_hash, session_hash, wrong_answers, status, expires_at
       FROM identity_challenges WHERE session_hash = $1 FOR UPDATE`,
    [sessionHash],
  );
  return row;
}

export async function updateChallenge(
  db: Db,
  id: string,
  changes: { status: ChallengeRow["status"]; wrongAnswers: number; sessionHash: string },
): Promise<void> {
  await db.query("UPDATE identity_challenges SET status = $2, wrong_answers = $3, session_hash = $4 WHERE id = $1", [
    id,
    changes.status,
    changes.wrongAnswers,
    changes.sessionHash,
  ]);
}

export async function insertRefreshToken(
  db: Db,
  t: { tokenHash: string; originJti: string; userSub: string; clientId: string; authTime: number; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO identity_refresh_tokens (token_hash, origin_jti, user_sub, client_id, auth_time, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.tokenHash, t.originJti, t.userSub, t.clientId, t.authTime, t.expiresAt.toISOString()],
  );
}

const REFRESH_COLUMNS = "token_hash, origin_jti, user_sub, client_id, auth_time, expires_at, revoked_at";

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.query<RefreshTokenRow>(`SELECT ${REFRESH_COLUMNS} FROM identity_refresh_tokens WHERE token_hash = $1`, [
    tokenHash,
  ]);
  return row;
}

export async function findRefreshTokenByOrigin(db: Db, originJti: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.query<RefreshTokenRow>(`SELECT ${REFRESH_COLUMNS} FROM identity_refresh_tokens WHERE origin_jti = $1`, [
    originJti,
  ]);
  return row;
}

export async function revokeRefreshToken(db: Db, tokenHash: string): Promise<void> {
  await db.query("UPDATE identity_refresh_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL", [tokenHash]);
}

export async function revokeAllRefreshTokens(db: Db, userSub: string): Promise<void> {
  await db.query("UPDATE identity_refresh_tokens SET revoked_at = now() WHERE user_sub = $1 AND revoked_at IS NULL", [userSub]);
}

/**
 * Whether the sign-in a token belongs to (its origin_jti) has ended: revoked at sign-out, or
 * unknown, or another user's. Cognito refuses such tokens; every stand-in that accepts a token
 * (the API, the hosted apps' pages) asks this one question.
 */
export async function sessionEnded(db: Db, originJti: string, sub: string): Promise<boolean> {
  const row = await findRefreshTokenByOrigin(db, originJti);
  return !row || Boolean(row.revoked_at) || row.user_sub !== sub;
}
