/**
 * The Argyle Link web stand-in, served in place of https://plugin.argyle.com/argyle.web.v5.js
 * (local only). It defines window.Argyle with the v5 surface the app uses:
 * Argyle.create({userToken, onAccountConnected, onClose, onError, onTokenExpired, ...}).open()/.close().
 * The modal lists the payroll connections of the token's employer; picking one "connects" it
 * (POST /api/local/argyle/accounts) and calls onAccountConnected({accountId, userId, itemId}).
 * As Argyle Link does: `items: [oneItemId]` opens directly at that item's sign-in (direct login),
 * several items narrow the list; a request refused with expired_user_token calls
 * onTokenExpired(updateToken) and, once the app hands over a new token, is made again with it.
 */
export function argyleWidgetScript(basePath: string): string {
  return `(() => {
  "use strict";
  const BASE = ${JSON.stringify(basePath)};
  const post = async (path, body) => {
    const res = await fetch(BASE + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw Object.assign(new Error(json.message || "request failed"), { errorType: json.errorType || "generic" });
    return json;
  };
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "style") node.style.cssText = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children) node.append(c);
    return node;
  };
  const RENEWAL_WAIT_MS = 20000;
  const BUTTON = "display:block;width:100%;min-height:44px;margin:8px 0;padding:10px 12px;border:1px solid #4b5563;border-radius:6px;background:#fff;color:#111827;font:inherit;text-align:left;cursor:pointer";
  function create(config) {
    if (!config || typeof config.userToken !== "string" || !config.userToken) throw new Error("Argyle.create: userToken is required");
    let root = null;
    let previousFocus = null;
    const call = (name, arg) => { try { if (typeof config[name] === "function") config[name](arg); } catch (e) { console.error(e); } };
    let token = config.userToken;
    // Asks the app for a new token (onTokenExpired), at most once per request; null when none comes.
    const renewToken = () => new Promise((resolve) => {
      if (typeof config.onTokenExpired !== "function") return resolve(null);
      const timer = setTimeout(() => resolve(null), RENEWAL_WAIT_MS);
      call("onTokenExpired", (fresh) => {
        clearTimeout(timer);
        resolve(typeof fresh === "string" && fresh ? fresh : null);
      });
    });
    const withToken = async (path, body) => {
      try {
        return await post(path, { ...body, userToken: token });
      } catch (e) {
        if (e.errorType !== "expired_user_token") throw e;
        const fresh = await renewToken();
        if (!fresh) throw e;
        token = fresh;
        return post(path, { ...body, userToken: token });
      }
    };
    const close = () => {
      if (!root) return;
      root.remove();
      root = null;
      if (previousFocus && previousFocus.focus) previousFocus.focus();
      call("onClose");
    };
    const open = async () => {
      if (root) return;
      previousFocus = document.activeElement;
      const body = el("div", { "data-argyle-body": "" }, el("p", { role: "status" }, "Loading your payroll connections…"));
      const closeButton = el("button", { type: "button", style: "min-height:44px;min-width:44px;border:0;background:none;font-size:16px;color:#111827;cursor:pointer;text-decoration:underline", onclick: close }, "Close");
      const dialog = el("div", { role: "dialog", "aria-modal": "true", "aria-labelledby": "argyle-local-title", style: "background:#fff;color:#111827;border-radius:8px;max-width:420px;width:calc(100% - 32px);padding:20px;font-family:system-ui,sans-serif;box-shadow:0 10px 30px rgba(0,0,0,.3)" },
        el("div", { style: "display:flex;justify-content:space-between;align-items:center;gap:8px" }, el("h2", { id: "argyle-local-title", style: "margin:0;font-size:20px" }, "Connect your payroll"), closeButton),
        body);
      root = el("div", { "data-argyle-local": "", style: "position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;background:rgba(17,24,39,.6)", onkeydown: (e) => { if (e.key === "Escape") close(); } }, dialog);
      document.body.append(root);
      closeButton.focus();
      let session;
      try {
        session = await withToken("/session", {});
      } catch (e) {
        body.replaceChildren(el("p", { role: "alert" }, "We could not open payroll linking. Please close this window and try again."));
        call("onError", { errorType: e.errorType, errorMessage: e.message, errorDetails: null });
        return;
      }
      const wanted = Array.isArray(config.items) ? config.items.filter((id) => typeof id === "string") : [];
      const offered = wanted.length ? session.items.filter((i) => wanted.includes(i.id)) : session.items;
      const list = el("div", { role: "group", "aria-label": "Payroll connections" });
      const connect = async (item) => {
          body.replaceChildren(el("p", { role: "status" }, "Connecting " + item.name + "…"));
          try {
            const account = await withToken("/accounts", { itemId: item.id });
            call("onAccountConnected", { accountId: account.accountId, userId: account.userId, itemId: account.itemId });
            const done = el("button", { type: "button", style: BUTTON + ";background:#166534;color:#fff;text-align:center", onclick: close }, "Done");
            body.replaceChildren(el("p", { role: "status" }, item.name + " is connected."), done);
            done.focus();
          } catch (e) {
            body.replaceChildren(el("p", { role: "alert" }, "We could not connect " + item.name + ". Please close this window and try again."));
            call("onAccountError", { accountId: null, userId: session.userId, itemId: item.id });
            call("onError", { errorType: e.errorType, errorMessage: e.message, errorDetails: null });
          }
      };
      for (const item of offered.length ? offered : session.items) {
        list.append(el("button", { type: "button", style: BUTTON, "data-item-id": item.id, onclick: () => connect(item) }, item.name));
      }
      if (offered.length === 1 && wanted.length === 1) {
        // Direct login: the item's own sign-in, no search or list first.
        const item = offered[0];
        const signIn = el("button", { type: "button", style: BUTTON + ";background:#166534;color:#fff;text-align:center", "data-item-id": item.id, onclick: () => connect(item) }, "Sign in to " + item.name);
        body.replaceChildren(
          el("p", { style: "margin:12px 0 4px", "data-direct-login": item.id }, session.directDeposit
            ? "Sign in to " + item.name + " to set up your loan payment by direct deposit."
            : "Sign in to " + item.name + " to confirm your income."),
          signIn,
          el("p", { style: "font-size:14px;color:#374151" }, "Local stand-in: no real payroll account is contacted."),
        );
        signIn.focus();
        return;
      }
      body.replaceChildren(
        el("p", { style: "margin:12px 0 4px" }, session.directDeposit
          ? "Choose where you are paid, to set up your loan payment by direct deposit from " + session.employerName + "."
          : "Choose where you are paid by " + session.employerName + "."),
        list,
        el("p", { style: "font-size:14px;color:#374151" }, "Local stand-in: no real payroll account is contacted."),
      );
      const first = list.querySelector("button");
      if (first) first.focus();
    };
    return { open: () => { void open(); }, close };
  }
  window.Argyle = { create };
})();
`;
}
