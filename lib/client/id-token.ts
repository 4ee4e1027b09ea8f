import { fetchAuthSession } from "aws-amplify/auth";

/**
 * The signed-in user's Cognito ID token from Amplify (refreshed by Amplify when due), or null when
 * nobody is signed in or Amplify cannot tell. Browser only; Amplify must have been configured.
 */
export async function currentIdToken(): Promise<string | null> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}
