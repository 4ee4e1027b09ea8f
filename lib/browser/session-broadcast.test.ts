import { announceSignOut, markSigningOutHere, onSignOutElsewhere, resetSigningOutHereForTests, SESSION_CHANNEL } from "./session-broadcast";

/** BroadcastChannel's semantics in memory: a message reaches every other open channel of the name. */
function hub() {
  const open = new Set<{ name: string; listeners: Set<(e: Event) => void>; closed: boolean }>();
  const factory = (name: string) => {
    const self = { name, listeners: new Set<(e: Event) => void>(), closed: false };
    open.add(self);
    return {
      postMessage(data: unknown) {
        for (const other of open)
          if (other !== self && other.name === name && !other.closed)
            for (const l of other.listeners) l(new MessageEvent("message", { data }));
      },
      close() {
        self.closed = true;
        open.delete(self);
      },
      addEventListener: (_: string, l: (e: Event) => void) => self.listeners.add(l),
      removeEventListener: (_: string, l: (e: Event) => void) => self.listeners.delete(l),
    } as unknown as BroadcastChannel;
  };
  return { factory, open };
}

describe("sign-out across tabs", () => {
  it("a sign-out in one tab reaches the others, once each", () => {
    const { factory } = hub();
    const tabA = jest.fn();
    const tabB = jest.fn();
    onSignOutElsewhere(tabA, factory, "a");
    const stopB = onSignOutElsewhere(tabB, factory, "b");
    announceSignOut(factory, "c");
    expect(tabA).toHaveBeenCalledTimes(1);
    expect(tabB).toHaveBeenCalledTimes(1);
    stopB();
    announceSignOut(factory, "c");
    expect(tabA).toHaveBeenCalledTimes(2);
    expect(tabB).toHaveBeenCalledTimes(1);
  });

  it("the tab that signs out does not hear itself (it is busy posting the sign-out)", () => {
    const { factory } = hub();
    const self = jest.fn();
    const other = jest.fn();
    onSignOutElsewhere(self, factory, "a");
    onSignOutElsewhere(other, factory, "b");
    announceSignOut(factory, "a");
    expect(self).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it("ignores other messages on the channel and closes what it opens", () => {
    const { factory, open } = hub();
    const handler = jest.fn();
    const stop = onSignOutElsewhere(handler, factory);
    const other = factory(SESSION_CHANNEL);
    other.postMessage({ type: "something-else" });
    other.postMessage("signed-out");
    expect(handler).not.toHaveBeenCalled();
    other.close();
    announceSignOut(factory);
    stop();
    expect(open.size).toBe(0);
  });

  it("carries an idle sign-out's reason to the other tabs; a plain sign-out has none", () => {
    const { factory } = hub();
    const other = jest.fn();
    onSignOutElsewhere(other, factory, "b");
    announceSignOut(factory, "a", "idle");
    announceSignOut(factory, "a");
    expect(other.mock.calls).toEqual([["idle"], [undefined]]);
  });

  it("a tab busy signing out itself ignores the others (following them would cancel its own sign-out request)", () => {
    const { factory } = hub();
    const handler = jest.fn();
    onSignOutElsewhere(handler, factory, "b");
    markSigningOutHere();
    announceSignOut(factory, "a", "idle");
    expect(handler).not.toHaveBeenCalled();
    resetSigningOutHereForTests();
    announceSignOut(factory, "a", "idle");
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("does nothing where BroadcastChannel does not exist", () => {
    expect(() => announceSignOut(() => undefined)).not.toThrow();
    expect(onSignOutElsewhere(jest.fn(), () => undefined)).toEqual(expect.any(Function));
  });
});
