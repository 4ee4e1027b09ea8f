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

type ChannelFactory = (name: string) => Pick<BroadcastChannel, "postMessage" | "close" | "addEventListener" | "removeEventListener"> | undefined;

const defaultChannel: ChannelFactory = (name) => (typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : undefined);

/** Tells the other tabs this browser has signed out. */
export function announceSignOut(open: ChannelFactory = defaultChannel, tab: string = THIS_TAB): void {
  const channel = open(SESSION_CHANNEL);
  if (!channel) return;
  channel.postMessage({ type: SIGNED_OUT, tab });
  channel.close();
}

/** Calls `handler` when another tab signs out; returns the unsubscribe. */
export function onSignOutElsewhere(handler: () => void, open: ChannelFactory = defaultChannel, tab: string = THIS_TAB): () => void {
  const channel = open(SESSION_CHANNEL);
  if (!channel) return () => undefined;
  const listener = (event: Event) => {
    const data = (event as MessageEvent).data as { type?: unknown; tab?: unknown } | null;
    if (data?.type === SIGNED_OUT && data.tab !== tab) handler();
  };
  channel.addEventListener("message", listener);
  return () => {
    channel.removeEventListener("message", listener);
    channel.close();
  };
}
