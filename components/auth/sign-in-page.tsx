import { redirect as redirectTo } from "next/navigation";
import { partnerTag } from "@/lib/auth/redirect-target";
import { IDLE_REASON, SIGNED_OUT_PARAM } from "@/lib/browser/idle-timeout";
import { publicConfig } from "@/lib/config/env";
import { firstSafeRedirect } from "@/lib/routing/safe-redirect";
import { SignInForm } from "./sign-in-form";
import { signedOutNotice, type SignInMode } from "./sign-in-messages";

export type SearchParams = Record<string, string | string[] | undefined>;

function valuesOf(value: SearchParams[string]): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Next's parsed query back to ordered pairs, so the same single-redirect rule as the edge applies. */
function toParams(query: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const v of valuesOf(value)) params.append(name, v);
  return params;
}

/**
 * The server half of /login and /register: reads the configuration at request time and the query
 * (only a safe redirect path and a well-formed partner tag go on to the form). Where the hosted
 * dashboard app serves sign-in (every environment but local), the middleware sends visitors there;
 * this page does too, should a request get past it.
 */
export function SignInPage({ mode, query }: { mode: SignInMode; query: SearchParams }) {
  const config = publicConfig();
  const redirect = firstSafeRedirect(toParams(query));
  const partner = partnerTag(query.partner);
  const signedOut = signedOutNotice(query[SIGNED_OUT_PARAM]);
  if (!config.signInInApp) {
    const params = new URLSearchParams();
    if (redirect) params.set("redirect", redirect);
    if (partner) params.set("partner", partner);
    if (signedOut) params.set(SIGNED_OUT_PARAM, IDLE_REASON);
    const search = params.toString();
    redirectTo(`${config.hosts.dashboard}/${mode}${search ? `?${search}` : ""}`);
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <SignInForm mode={mode} config={config} redirect={redirect} partner={partner} signedOut={signedOut} />
    </div>
  );
}
