import { z } from "zod";

/**
 * Settings of the local identity stand-in, read from the environment. Invalid values throw, so a
 * typo in LOCAL_OTP_CODE cannot silently fall back to random codes (or the reverse).
 */
export interface IdentitySettings {
  /** How long a sign-in code (and its challenge session) stays valid. */
  otpTtlSeconds: number;
  /** When set, every code is this value (tests, ops scripts). */
  fixedOtpCode?: string;
  /** ID and access token lifetime. */
  tokenTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Answers allowed per challenge; the last wrong one ends the challenge. */
  maxWrongAnswers: number;
  /**
   * Per user across challenges (a new challenge must not reset the count): at most this many
   * challenges left unanswered and this many wrong codes in the window, then LimitExceededException.
   */
  attemptWindowSeconds: number;
  /** Per account from one source (issue 25: a stranger's attempts lock out only the stranger's address). */
  maxUnansweredChallenges: number;
  maxWrongAnswersPerWindow: number;
  /** Per source across every identifier: then TooManyRequestsException. */
  sourceMaxUnanswered: number;
  sourceMaxWrongAnswers: number;
  /** An account as a whole waits only after this many wrong codes from at least this many sources. */
  accountMaxWrongAnswers: number;
  accountGuessingSources: number;
  /** Proxies in front of the server that append to X-Forwarded-For (local/infra/http/client-ip.ts). */
  trustedProxyHops: number;
}

const schema = z.object({
  LOCAL_OTP_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(180),
  /** ID and access token lifetime: tests shorten it to exercise a returning user's refresh. */
  LOCAL_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(3600),
  LOCAL_OTP_CODE: z
    .string()
    .regex(/^\d{6}$/, "must be 6 digits")
    .optional(),
  LOCAL_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
});

export function identitySettings(env: Record<string, string | undefined> = process.env): IdentitySettings {
  const parsed = schema.safeParse({
    LOCAL_OTP_TTL_SECONDS: env.LOCAL_OTP_TTL_SECONDS || undefined,
    LOCAL_OTP_CODE: env.LOCAL_OTP_CODE || undefined,
    LOCAL_TOKEN_TTL_SECONDS: env.LOCAL_TOKEN_TTL_SECONDS || undefined,
    LOCAL_TRUSTED_PROXY_HOPS: env.LOCAL_TRUSTED_PROXY_HOPS || undefined,
  });
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid local identity configuration: ${detail}`);
  }
  return {
    otpTtlSeconds: parsed.data.LOCAL_OTP_TTL_SECONDS,
    fixedOtpCode: parsed.data.LOCAL_OTP_CODE,
    tokenTtlSeconds: parsed.data.LOCAL_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: 30 * 24 * 3600,
    maxWrongAnswers: 3,
    attemptWindowSeconds: 15 * 60,
    maxUnansweredChallenges: 5,
    maxWrongAnswersPerWindow: 10,
    sourceMaxUnanswered: 40,
    sourceMaxWrongAnswers: 30,
    accountMaxWrongAnswers: 20,
    accountGuessingSources: 3,
    trustedProxyHops: parsed.data.LOCAL_TRUSTED_PROXY_HOPS,
  };
}
