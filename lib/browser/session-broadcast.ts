/**
 * Signing out in one tab signs out the others: the tab that signs out announces it on a
 * BroadcastChannel, and every other tab of the shell reloads, so the edge decides again without
 * the identity cookies (a guarded page then sends the visitor to sign in).
 */
export const SESSION_CHANNEL = "shell.session";
const SIGNED_OUT = "signed-out";
/**
 * This tab's id: a channel also delivers to other channel objects of the same tab, and the tab that
 * signs out must not reload itself in the middle of posting the sign-out.
 */
const THIS_TAB = Math.random().toString(36).slice(2);

/**
 * Set once this tab starts its own sign-out: it then ignores the others' announcements, which would
 * navigate it away and cancel its own sign-out request (the one that clears the httpOnly cookies).
 */
let leavingHere = false;

/** This tab is signing out (components/chrome/sign-out.ts calls it first). */
export function markSigningOutHere(): void {
  leavingHere = true;
}

/** Tests only. */
export function resetSigningOutHereForTests(): void {
  leavingHere = false;
}

type ChannelFactory = (
  name: string,
) => Pick<BroadcastChannel, "postMessage" | "close" | "addEventListener" | "removeEventListener"> | undefined;

const defaultChannel: ChannelFactory = (name) => (typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : undefined);

/** Why a tab signed out, when the others should say so too (idle sign-out sends them to /login with a message). */
export type SignOutReason = "idle";

/** Tells the other tabs this browser has signed out. */
export function announceSignOut(open: ChannelFactory = defaultChannel, tab: string = THIS_TAB, reason?: SignOutReason): void {
  const channel = open(SESSION_CHANNEL);
  if (!channel) return;
  channel.postMessage(reason ? { type: SIGNED_OUT, tab, reason } : { type: SIGNED_OUT, tab });
  channel.close();
}

/** Calls `handler` (with the reason, if one was given) when another tab signs out; returns the unsubscribe. */
export function onSignOutElsewhere(
  handler: (reason?: SignOutReason) => void,
  open: ChannelFactory = defaultChannel,
  tab: string = THIS_TAB,
): () => void {
  const channel = open(SESSION_CHANNEL);
  if (!channel) return () => undefined;
  const listener = (event: Event) => {
    const data = (event as MessageEvent).data as { type?: unknown; tab?: unknown; reason?: unknown } | null;
    if (data?.type === SIGNED_OUT && data.tab !== tab && !leavingHere) handler(data.reason === "idle" ? "idle" : undefined);
  };
  channel.addEventListener("message", listener);
  return () => {
    channel.removeEventListener("message", listener);
    channel.close();
  };
}
