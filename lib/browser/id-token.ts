import { fetchAuthSession } from "aws-amplify/auth";

/**
 * The signed-in user's Cognito ID token from Amplify (refreshed by Amplify when due), or undefined when
 * nobody is signed in or Amplify cannot tell (as cookieIdToken on the server). Browser only; Amplify must have been configured.
 */
export async function amplifyIdToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? undefined;
  } catch {
    return undefined;
  }
}
