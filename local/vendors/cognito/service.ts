import { z } from "zod";
import type { Db } from "../../infra/db/index";
import type { ServerConfig } from "../../../lib/config/env";
import { deliverCode } from "../../infra/outbox/outbox";
import { CognitoError, invalidParameter, notAuthorized } from "./errors";
import { existenceSecret, maskEmail, simulatedDestination, simulatedUsername, unknownAttemptKey, userAttemptKey } from "./existence";
import { codeHash, opaqueToken, randomUUID, sameHash, sha256, sixDigitCode } from "./crypto";
import type { IdentitySettings } from "./settings";
import {
  findRefreshToken,
  findRefreshTokenByOrigin,
  findUserBySignInId,
  findUserBySub,
  attemptStats,
  signedInFrom,
  insertChallenge,
  insertRefreshToken,
  insertUser,
  lockChallengeBySession,
  lockPhoneAlias,
  markEmailVerified,
  resolvePendingPhone,
  revokeAllRefreshTokens,
  revokeRefreshToken,
  toMillis,
  updateChallenge,
  usernameOrEmailTaken,
  type UserRow,
} from "./store";
import { mintTokens, verifyAccessToken } from "./tokens";
import { parseInput, requiredString, stringMap } from "./validation";

/** Cognito's answer once a user has made too many attempts. */
/** An address the account signed in from within this many days is the owner's own (campaignLimits). */
const KNOWN_SOURCE_DAYS = 30;
const limitExceeded = () => new CognitoError("LimitExceededException", "Attempt limit exceeded, please try after some time.");
/** Cognito's answer to a caller sending too much (here: one source's failed sign-ins). */
const tooManyRequests = () => new CognitoError("TooManyRequestsException", "Too many requests");

export interface IdentityDeps {
  db: () => Promise<Db>;
  config: () => Pick<ServerConfig, "isLocal" | "cognito" | "appUrl">;
  settings: () => IdentitySettings;
  now?: () => number;
}

export const OPERATIONS = [
  "SignUp",
  "InitiateAuth",
  "RespondToAuthChallenge",
  "GetTokensFromRefreshToken",
  "GetUser",
  "RevokeToken",
  "GlobalSignOut",
] as const;
export type Operation = (typeof OPERATIONS)[number];

const AUTH_FLOWS = [
  "USER_SRP_AUTH",
  "REFRESH_TOKEN_AUTH",
  "REFRESH_TOKEN",
  "CUSTOM_AUTH",
  "ADMIN_NO_SRP_AUTH",
  "USER_PASSWORD_AUTH",
  "ADMIN_USER_PASSWORD_AUTH",
  "USER_AUTH",
] as const;

/** Standard attributes a client may set at sign-up; sub and *_verified are the pool's own. */
const WRITABLE_ATTRIBUTES = new Set([
  "email",
  "phone_number",
  "given_name",
  "middle_name",
  "family_name",
  "name",
  "birthdate",
  "address",
  "locale",
]);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{6,14}$/;
const USERNAME = /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u;

// Amplify sends ClientMetadata and UserContextData (and DEVICE_KEY once a device is remembered);
// they are accepted and ignored, since this pool has no triggers, no advanced security and never
// issues device keys. Unknown members are ignored, as by the AWS JSON protocol.
const attributeList = z.array(z.object({ Name: requiredString(32), Value: z.string().max(2048) })).max(50);

const signUpInput = z.object({
  ClientId: requiredString(128),
  Username: requiredString(128),
  Password: z.string().max(256).optional(),
  UserAttributes: attributeList.optional(),
  ValidationData: attributeList.optional(),
  ClientMetadata: stringMap.optional(),
});

const initiateAuthInput = z.object({
  ClientId: requiredString(128),
  AuthFlow: z.enum(AUTH_FLOWS),
  AuthParameters: stringMap.optional(),
  ClientMetadata: stringMap.optional(),
});

const respondInput = z.object({
  ClientId: requiredString(128),
  ChallengeName: requiredString(64),
  Session: requiredString(2048),
  ChallengeResponses: stringMap.optional(),
  ClientMetadata: stringMap.optional(),
});

const refreshInput = z.object({
  ClientId: requiredString(128),
  RefreshToken: requiredString(2048),
  ClientSecret: z.string().optional(),
  DeviceKey: z.string().optional(),
  ClientMetadata: stringMap.optional(),
});

const accessTokenInput = z.object({ AccessToken: requiredString(4096) });

const revokeInput = z.object({
  ClientId: requiredString(128),
  Token: requiredString(4096),
  ClientSecret: z.string().optional(),
});

/** What the endpoint knows of a call besides its input. */
export interface CallContext {
  /** The client's address as the server sees it (local/infra/http/client-ip.ts). */
  source: string;
}

type Handlers = Record<Operation, (input: unknown, context?: CallContext) => Promise<Record<string, unknown>>>;

/** The Cognito user-pool operations of the local stand-in, as plain functions of their JSON input. */
export function createIdentityService(deps: IdentityDeps): Handlers {
  const now = deps.now ?? Date.now;

  const pool = () => deps.config().cognito;

  function checkClient(clientId: string): void {
    if (clientId !== pool().clientId) {
      throw new CognitoError("ResourceNotFoundException", `User pool client ${clientId} does not exist.`);
    }
  }

  function tokenContext() {
    const { issuer, clientId } = pool();
    return { issuer, clientId, ttlSeconds: deps.settings().tokenTtlSeconds };
  }

  /** A fresh sign-in: a refresh token whose origin_jti every token of this session carries. */
  async function startSession(db: Db, user: UserRow) {
    const settings = deps.settings();
    const refreshToken = opaqueToken(64);
    const session = { originJti: randomUUID(), authTime: Math.floor(now() / 1000) };
    await insertRefreshToken(db, {
      tokenHash: sha256(refreshToken),
      originJti: session.originJti,
      userSub: user.sub,
      clientId: pool().clientId,
      authTime: session.authTime,
      expiresAt: new Date(now() + settings.refreshTtlSeconds * 1000),
    });
    const tokens = await mintTokens(db, tokenContext(), user, session, now());
    return { ...tokens, RefreshToken: refreshToken };
  }

  async function refresh(clientId: string, refreshToken: string) {
    checkClient(clientId);
    const db = await deps.db();
    const row = await findRefreshToken(db, sha256(refreshToken));
    if (!row || row.client_id !== clientId || row.revoked_at) throw notAuthorized("Invalid Refresh Token");
    if (toMillis(row.expires_at) <= now()) throw notAuthorized("Refresh Token has expired");
    const user = await findUserBySub(db, row.user_sub);
    if (!user) throw notAuthorized("Invalid Refresh Token");
    if (!user.enabled) throw notAuthorized("User is disabled.");
    // No rotation (Cognito's default): the client keeps its refresh token.
    return mintTokens(db, tokenContext(), user, { originJti: row.origin_jti, authTime: Number(row.auth_time) }, now());
  }

  /** The user behind a valid, unrevoked access token. */
  async function userFromAccessToken(accessToken: string): Promise<{ db: Db; user: UserRow }> {
    const db = await deps.db();
    const claims = await verifyAccessToken(db, pool().issuer, accessToken);
    const origin = await findRefreshTokenByOrigin(db, claims.originJti);
    if (!origin || origin.revoked_at || origin.user_sub !== claims.sub) throw notAuthorized("Access Token has been revoked");
    const user = await findUserBySub(db, claims.sub);
    if (!user) throw new CognitoError("UserNotFoundException", "User does not exist.");
    if (!user.enabled) throw notAuthorized("User is disabled.");
    return { db, user };
  }

  /**
   * Whether sign-ins from `source` for `attemptKey` must wait (issue 25: no lockout a stranger can
   * trigger). Three scopes, each over the attempt window:
   *  - the source, across every identifier: too many failed challenges or wrong codes from one
   *    address is TooManyRequestsException, whoever it targets;
   *  - the account from that source: its own limits (unanswered challenges, wrong codes), so a
   *    stranger exhausting them locks out only their own address;
   *  - the account from everywhere: only wrong codes from several sources (a guessing campaign)
   *    lock it; challenges started and left unanswered never do.
   */
  async function throttled(db: Db, attemptKey: string, source: string): Promise<CognitoError | undefined> {
    const settings = deps.settings();
    const since = new Date(now() - settings.attemptWindowSeconds * 1000);
    const bySource = await attemptStats(db, { source }, since);
    if (bySource.unanswered >= settings.sourceMaxUnanswered || bySource.wrong >= settings.sourceMaxWrongAnswers) return tooManyRequests();
    const mine = await attemptStats(db, { attemptKey, source }, since);
    if (mine.unanswered >= settings.maxUnansweredChallenges || mine.wrong >= settings.maxWrongAnswersPerWindow) return limitExceeded();
    if (await campaignLimits(db, attemptKey, source, mine, since)) return limitExceeded();
    return undefined;
  }

  /**
   * During a guessing campaign against the account (wrong codes from several sources), a source
   * that has already sent a challenge's worth of wrong codes for it waits out the window; every
   * other source — the owner's own address among them — still gets a fresh challenge, whose code
   * only the inbox has (issue 43 item 6: no lockout on demand). An address the account signed in
   * from before is never held back by the campaign, only by its own limits. So the campaign is
   * slowed to one challenge's worth of guesses per address, and the owner is never locked out.
   */
  async function campaignLimits(db: Db, attemptKey: string, source: string, mine: { wrong: number }, since: Date): Promise<boolean> {
    const settings = deps.settings();
    if (mine.wrong < settings.maxWrongAnswers) return false;
    if (!guessingCampaign(await attemptStats(db, { attemptKey }, since), settings)) return false;
    const knownSince = new Date(now() - KNOWN_SOURCE_DAYS * 86_400_000);
    return !(await signedInFrom(db, { attemptKey, source }, knownSince));
  }

  /**
   * CUSTOM_AUTH's first step. An identifier with no account gets a challenge all the same (no code
   * is sent; no answer is right), as Cognito does with "prevent user existence errors" enabled, and
   * the same limits, so nothing tells the two apart (./existence.ts).
   */
  async function startCustomAuth(signInId: string | undefined, source: string) {
    if (!signInId) throw invalidParameter("Missing required parameter USERNAME");
    const db = await deps.db();
    const user = await findUserBySignInId(db, signInId);
    if (user && !user.enabled) throw notAuthorized("User is disabled.");
    const settings = deps.settings();
    const attemptKey = user ? userAttemptKey(user.sub) : unknownAttemptKey(signInId);
    const refused = await throttled(db, attemptKey, source);
    if (refused) throw refused;
    const challengeId = randomUUID();
    // No account: a code that exists nowhere (and RespondToAuthChallenge never accepts one anyway).
    const code = user ? (settings.fixedOtpCode ?? sixDigitCode()) : opaqueToken(16);
    const secret = await existenceSecret(db);
    const simulatedDestinationValue = user ? null : simulatedDestination(secret, signInId, attemptKey);
    const session = opaqueToken();
    await db.transaction(async (tx) => {
      await insertChallenge(tx, {
        id: challengeId,
        userSub: user?.sub ?? null,
        attemptKey,
        source,
        simulatedDestination: simulatedDestinationValue,
        codeHash: codeHash(challengeId, code),
        sessionHash: sha256(session),
        expiresAt: new Date(now() + settings.otpTtlSeconds * 1000),
        createdAt: new Date(now()),
      });
      if (user) await deliverCode(tx, { to: user.email, code, purpose: "sign-in" });
    });
    return {
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: session,
      ChallengeParameters: user ? challengeParameters(user) : simulatedChallengeParameters(secret, attemptKey, simulatedDestinationValue),
    };
  }

  return {
    async SignUp(input) {
      const req = parseInput(signUpInput, input);
      checkClient(req.ClientId);
      const username = req.Username.toLowerCase();
      if (!USERNAME.test(username)) throw invalidParameter("Username contains invalid characters.");
      if (EMAIL.test(username) || username.includes("@")) {
        throw invalidParameter("Username cannot be of email format, since user pool is configured for email alias.");
      }
      if (PHONE.test(username)) {
        throw invalidParameter("Username cannot be of phone number format, since user pool is configured for phone number alias.");
      }
      // Passwordless pool: a password, if sent (Amplify's signUp sends one), must meet the policy
      // but is never stored, since no password flow is enabled on this client.
      if (req.Password !== undefined && req.Password.length < 8) {
        throw new CognitoError("InvalidPasswordException", "Password did not conform with policy: Password not long enough");
      }
      const attributes: Record<string, string> = {};
      for (const { Name, Value } of req.UserAttributes ?? []) {
        if (!WRITABLE_ATTRIBUTES.has(Name)) {
          throw invalidParameter(`Attributes did not conform to the schema: Type for attribute {${Name}} could not be determined`);
        }
        if (Name in attributes) throw invalidParameter(`Duplicate attribute ${Name}`);
        attributes[Name] = Value;
      }
      const email = attributes.email?.trim().toLowerCase();
      if (!email) throw invalidParameter("Attributes did not conform to the schema: email: The attribute is required");
      if (!EMAIL.test(email) || email.length > 254) throw invalidParameter("Invalid email address format.");
      const phone = attributes.phone_number?.trim();
      if (phone !== undefined && !PHONE.test(phone)) throw invalidParameter("Invalid phone number format.");
      delete attributes.email;
      delete attributes.phone_number;

      const db = await deps.db();
      const sub = randomUUID();
      const taken = await usernameOrEmailTaken(db, username, email);
      if (taken.username) throw new CognitoError("UsernameExistsException", "User already exists");
      // Prevent user existence errors: a taken e-mail (a sign-in alias) is answered exactly as a new
      // one, and nothing is created; the visitor then signs in, and the code goes to the owner.
      if (taken.email) return { UserConfirmed: true, UserSub: randomUUID() };
      try {
        // Auto-confirmed (passwordless product); the e-mail counts as verified once a code sent
        // to it has been answered. A phone number is a sign-in alias of one account (also a unique
        // index): one another account holds is answered like a free one and waits for this
        // account's verification (store.ts resolvePendingPhone), so sign-up never tells whether a
        // number has an account.
        await db.transaction(async (tx) => {
          if (phone) await lockPhoneAlias(tx, phone);
          const phoneTaken = phone !== undefined && (await usernameOrEmailTaken(tx, username, email, phone)).phone;
          const user = { sub, username, email, email_verified: false, phone_number: phoneTaken ? null : (phone ?? null), attributes };
          await insertUser(tx, user, phoneTaken ? phone : null);
        });
      } catch (error) {
        if ((error as { code?: string }).code !== "23505") throw error;
        // Lost a race with a concurrent sign-up for the same name or e-mail.
        const again = await usernameOrEmailTaken(db, username, email);
        if (again.username) throw new CognitoError("UsernameExistsException", "User already exists");
        if (again.email) return { UserConfirmed: true, UserSub: randomUUID() };
        throw error;
      }
      return { UserConfirmed: true, UserSub: sub };
    },

    async InitiateAuth(input, context) {
      const req = parseInput(initiateAuthInput, input);
      checkClient(req.ClientId);
      const params = req.AuthParameters ?? {};
      switch (req.AuthFlow) {
        case "CUSTOM_AUTH":
          return startCustomAuth(params.USERNAME, context?.source ?? "unknown");
        case "REFRESH_TOKEN_AUTH":
        case "REFRESH_TOKEN": {
          if (!params.REFRESH_TOKEN) throw invalidParameter("Missing required parameter REFRESH_TOKEN");
          return { ChallengeParameters: {}, AuthenticationResult: await refresh(req.ClientId, params.REFRESH_TOKEN) };
        }
        default:
          throw invalidParameter(`${req.AuthFlow} flow not enabled for this client`);
      }
    },

    async RespondToAuthChallenge(input) {
      const req = parseInput(respondInput, input);
      checkClient(req.ClientId);
      if (req.ChallengeName !== "CUSTOM_CHALLENGE") {
        throw invalidParameter(`${req.ChallengeName} is not a valid challenge for this client`);
      }
      const responses = req.ChallengeResponses ?? {};
      if (!responses.USERNAME) throw invalidParameter("Missing required parameter USERNAME");
      if (responses.ANSWER === undefined || responses.ANSWER === "") {
        throw invalidParameter("Missing required parameter ANSWER");
      }
      const answer = responses.ANSWER.trim();
      const db = await deps.db();
      const claimed = await findUserBySignInId(db, responses.USERNAME);
      const settings = deps.settings();
      const secret = await existenceSecret(db);

      // Decide inside one transaction (the challenge row is locked), throw after it commits so
      // that a counted wrong answer is kept.
      const outcome = await db.transaction(async (tx) => {
        const challenge = await lockChallengeBySession(tx, sha256(req.Session));
        if (!challenge || challenge.status !== "open") return { kind: "invalid" } as const;
        // A simulated challenge (no account) belongs to the made-up name it gave out.
        const simulated = challenge.user_sub === null;
        const owned = simulated
          ? responses.USERNAME!.trim().toLowerCase() === simulatedUsername(secret, challenge.attempt_key)
          : claimed?.sub === challenge.user_sub;
        if (!owned) return { kind: "invalid" } as const;
        if (toMillis(challenge.expires_at) <= now()) return { kind: "expired" } as const;
        const user = challenge.user_sub === null ? undefined : await findUserBySub(tx, challenge.user_sub);
        if (!simulated && (!user || !user.enabled)) return { kind: "invalid" } as const;

        // Wrong codes count across challenges, per account from the challenge's source, and during a
        // guessing campaign per source at one challenge's worth (campaignLimits): past a limit even
        // the right code is refused — from that source only, never from the owner's own.
        const since = new Date(now() - settings.attemptWindowSeconds * 1000);
        const mine = await attemptStats(tx, { attemptKey: challenge.attempt_key, source: challenge.source }, since);
        if (
          mine.wrong >= settings.maxWrongAnswersPerWindow ||
          (await campaignLimits(tx, challenge.attempt_key, challenge.source, mine, since))
        ) {
          await updateChallenge(tx, challenge.id, {
            status: "failed",
            wrongAnswers: challenge.wrong_answers,
            sessionHash: challenge.session_hash,
          });
          return { kind: "limited" } as const;
        }

        const candidate = /^\d{6}$/.test(answer) ? codeHash(challenge.id, answer) : "";
        if (user && candidate && sameHash(candidate, challenge.code_hash)) {
          await updateChallenge(tx, challenge.id, {
            status: "answered",
            wrongAnswers: challenge.wrong_answers,
            sessionHash: sha256(opaqueToken()),
          });
          await markEmailVerified(tx, user.sub);
          await resolvePendingPhone(tx, user.sub);
          const verified = (await findUserBySub(tx, user.sub)) ?? { ...user, email_verified: true };
          const result = await startSession(tx, verified);
          return { kind: "authenticated", result } as const;
        }

        const wrongAnswers = challenge.wrong_answers + 1;
        if (wrongAnswers >= settings.maxWrongAnswers) {
          await updateChallenge(tx, challenge.id, { status: "failed", wrongAnswers, sessionHash: challenge.session_hash });
          return { kind: "failed" } as const;
        }
        // Like Cognito custom auth: another round of the same challenge under a new Session.
        const session = opaqueToken();
        await updateChallenge(tx, challenge.id, { status: "open", wrongAnswers, sessionHash: sha256(session) });
        const parameters = user
          ? challengeParameters(user)
          : simulatedChallengeParameters(secret, challenge.attempt_key, challenge.simulated_destination);
        return { kind: "retry", session, parameters } as const;
      });

      switch (outcome.kind) {
        case "invalid":
          throw notAuthorized("Invalid session for the user.");
        case "expired":
          throw notAuthorized("Invalid session for the user, session is expired.");
        case "failed":
          throw notAuthorized("Incorrect username or password.");
        case "limited":
          throw limitExceeded();
        case "retry":
          return {
            ChallengeName: "CUSTOM_CHALLENGE",
            Session: outcome.session,
            ChallengeParameters: outcome.parameters,
          };
        case "authenticated":
          return { ChallengeParameters: {}, AuthenticationResult: outcome.result };
      }
    },

    async GetTokensFromRefreshToken(input) {
      const req = parseInput(refreshInput, input);
      return { AuthenticationResult: await refresh(req.ClientId, req.RefreshToken) };
    },

    async GetUser(input) {
      const req = parseInput(accessTokenInput, input);
      const { user } = await userFromAccessToken(req.AccessToken);
      return { Username: user.username, UserAttributes: userAttributes(user) };
    },

    async RevokeToken(input) {
      const req = parseInput(revokeInput, input);
      checkClient(req.ClientId);
      const db = await deps.db();
      const row = await findRefreshToken(db, sha256(req.Token));
      if (!row) {
        if (req.Token.split(".").length === 3) throw new CognitoError("UnsupportedTokenTypeException", "Unsupported token type");
        // RFC 7009: an unknown token is not an error; there is nothing left to revoke.
        return {};
      }
      if (row.client_id !== req.ClientId) throw notAuthorized("Invalid Refresh Token");
      await revokeRefreshToken(db, row.token_hash);
      return {};
    },

    async GlobalSignOut(input) {
      const req = parseInput(accessTokenInput, input);
      const { db, user } = await userFromAccessToken(req.AccessToken);
      await revokeAllRefreshTokens(db, user.sub);
      return {};
    },
  };
}

/**
 * Wrong codes for one account from several sources in the window, past the account's limit: a
 * guessing campaign, the one pattern that limits an account as a whole. One source alone (any
 * stranger) never does, however many codes it gets wrong.
 */
function guessingCampaign(stats: { wrong: number; wrongSources: number }, settings: IdentitySettings): boolean {
  return stats.wrongSources >= settings.accountGuessingSources && stats.wrong >= settings.accountMaxWrongAnswers;
}

/** What the client may show while the code is awaited; never the code. */
function challengeParameters(user: UserRow): Record<string, string> {
  return { USERNAME: user.username, deliveryMedium: "EMAIL", destination: maskEmail(user.email) };
}

/** The same, for an identifier with no account (./existence.ts). */
function simulatedChallengeParameters(secret: Buffer, attemptKey: string, destination: string | null): Record<string, string> {
  return { USERNAME: simulatedUsername(secret, attemptKey), deliveryMedium: "EMAIL", destination: destination ?? "" };
}

function userAttributes(user: UserRow): { Name: string; Value: string }[] {
  const list = [
    { Name: "sub", Value: user.sub },
    { Name: "email", Value: user.email },
    { Name: "email_verified", Value: String(user.email_verified) },
  ];
  if (user.phone_number) list.push({ Name: "phone_number", Value: user.phone_number });
  for (const [Name, Value] of Object.entries(user.attributes)) list.push({ Name, Value });
  return list;
}
