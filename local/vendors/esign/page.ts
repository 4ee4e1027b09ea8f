import type { ContractSummary } from "../../lender/data/esign";
import { escapeHtml, htmlDocument } from "../../infra/http/html-page";

/**
 * The embedded signing page, speaking the provider's window-message protocol as hellosign-embedded
 * (2.x) expects it from its iframe:
 *
 *   iframe -> parent   hellosign:initialize {signatureId}       (the client starts its 30 s init
 *                                                                timeout on .../embeddedSign URLs)
 *                      hellosign:verifyDomainRequest {token}    (unless skip_domain_verification=1)
 *                      hellosign:userSignRequest {signatureId}  -> "sign"
 *                      hellosign:userFinishRequest              -> "finish", then the client closes
 *                      hellosign:userCancelRequest              -> "cancel", then the client closes
 *                      hellosign:error {signatureId, code}      -> "error"
 *   parent -> iframe   hellosign:configure {allowCancel}, hellosign:verifyDomainResponse {token},
 *                      hellosign:userCancelRequest (its modal close button), hellosign:error
 *
 * The client checks that messages come from the iframe URL's origin and posts to it; this page
 * accepts messages only from its parent window at parent_url's origin and posts only there.
 */

export interface PageConfig {
  signatureId: string | null;
  token: string | null;
  parentOrigin: string | null;
  skipDomainVerification: boolean;
  /** Set on the error page: reported to the parent as hellosign:error. */
  errorCode?: string;
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, "");

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const money = (n: number | null) => (n === null ? "—" : usd.format(n));

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f7f8f9;line-height:1.5}
main{height:100vh;overflow:auto;padding:1rem}
.sheet{max-width:40rem;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:.5rem;padding:1rem 1.25rem}
.badge{display:inline-block;margin:0 0 .5rem;padding:.125rem .5rem;border-radius:999px;background:#fef3c7;color:#78350f;font-size:.8125rem;font-weight:600}
h1{font-size:1.375rem;margin:.25rem 0 .75rem}
dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{font-weight:600}dd{margin:0}
label{font-weight:600}
input[type=text]{display:block;width:100%;min-height:2.75rem;margin-top:.25rem;padding:.5rem .75rem;font:inherit;border:1px solid #6b7280;border-radius:.375rem}
.check{display:flex;gap:.5rem;align-items:flex-start;margin:1rem 0}
.check input{width:1.25rem;height:1.25rem;margin-top:.15rem}
.check label{font-weight:400}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{min-height:2.75rem;padding:.5rem 1.25rem;font:inherit;font-weight:600;border-radius:.375rem;cursor:pointer}
.primary{background:#166534;color:#fff;border:1px solid #166534}
.primary:disabled{background:#6b7280;border-color:#6b7280;cursor:not-allowed}
.secondary{background:#fff;color:#166534;border:1px solid #166534}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.error{color:#b91c1c;font-weight:600;min-height:1.5rem;margin:.5rem 0 0}
.status{margin:.75rem 0 0}
a{color:#166534}
@media (max-width:30rem){main{padding:.5rem}.sheet{padding:.75rem;border:0}dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.375rem}}
`;

function shell(nonce: string, title: string, body: string, config: PageConfig): string {
  return htmlDocument({
    title,
    meta: { referrer: "no-referrer" },
    style: STYLE,
    styleNonce: nonce,
    body: `<main aria-label="E-signature: loan contract">
<div class="sheet">
<p class="badge">Test mode · local e-signature stand-in</p>
${body}
</div>
</main>
<script type="application/json" id="esign-config">${jsonForScript(config)}</script>
<script nonce="${nonce}">${SCRIPT}</script>`,
  });
}

export function signingPage(nonce: string, summary: ContractSummary, config: PageConfig): string {
  const rows: [string, string][] = [
    ["Amount financed", money(summary.amountFinanced)],
    ["APR", summary.apr === null ? "—" : `${summary.apr.toFixed(2)}%`],
    ["Term", summary.term === null ? "—" : `${summary.term} months`],
    ["Payments", summary.payment ?? "—"],
    ["Total of payments", money(summary.totalCost)],
  ];
  const body = `
<h1 id="doc-title">Loan contract</h1>
<p>Read the terms, type your full name and sign.</p>
<dl aria-label="Contract terms">${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>
<p>The loan has a fixed term and may be repaid early without penalty. Your signature below has the same effect as a handwritten one.</p>
<form id="sign-form" novalidate aria-labelledby="doc-title">
<label for="signer-name">Type your full name to sign</label>
<input type="text" id="signer-name" name="name" autocomplete="name" required maxlength="100" value="${escapeHtml(summary.signerName)}" aria-describedby="form-error">
<div class="check"><input type="checkbox" id="consent" name="consent" required aria-describedby="form-error"><label for="consent">I agree to sign this contract electronically</label></div>
<p id="form-error" class="error" role="alert"></p>
<div class="actions">
<button type="submit" id="sign-button" class="primary" disabled>Sign contract</button>
<button type="button" id="cancel-button" class="secondary">Cancel</button>
</div>
</form>
<p id="status" class="status" role="status">Connecting to the lender's site…</p>`;
  return shell(nonce, "Sign your loan contract", body, config);
}

export function errorPage(nonce: string, message: string, config: PageConfig): string {
  const body = `
<h1>This signing link cannot be used</h1>
<p id="error-message">${escapeHtml(message)}</p>
<p>Close this window and start signing again from your dashboard.</p>`;
  return shell(nonce, "Signing link cannot be used", body, config);
}

/** The page's script: plain ES2017, no dependencies. */
const SCRIPT = `
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("esign-config").textContent);
  var embedded = window.parent !== window && !!cfg.parentOrigin;
  function post(type, payload) {
    if (!embedded) return;
    window.parent.postMessage(payload === undefined ? { type: type } : { type: type, payload: payload }, cfg.parentOrigin);
  }
  if (cfg.errorCode) {
    post("hellosign:error", { signatureId: cfg.signatureId, code: cfg.errorCode });
    return;
  }
  var form = document.getElementById("sign-form");
  var signButton = document.getElementById("sign-button");
  var cancelButton = document.getElementById("cancel-button");
  var errorEl = document.getElementById("form-error");
  var statusEl = document.getElementById("status");
  var state = "connecting"; // connecting -> ready -> busy -> done
  var domainToken = null;

  function setStatus(text) { statusEl.textContent = text; }
  function finish(kind, detail) {
    state = "done";
    signButton.disabled = true;
    cancelButton.disabled = true;
    return fetch("/api/local/esign/" + (kind === "signed" ? "sign" : "exit"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(Object.assign({ token: cfg.token, signature_id: cfg.signatureId }, detail))
    }).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; }, function () { return { ok: res.ok, body: {} }; });
    });
  }
  function ready() {
    if (state !== "connecting") return;
    state = "ready";
    signButton.disabled = false;
    setStatus("");
  }
  function cancel() {
    if (state === "done" || state === "busy") return;
    // A signing exit is recorded, then reported; it is reported even if recording failed.
    finish("cancelled", { kind: "cancelled" }).catch(function () { return null; }).then(function () {
      setStatus("Signing cancelled.");
      post("hellosign:userCancelRequest");
    });
  }

  if (!embedded) {
    setStatus("This page opens inside the lender's site only.");
    cancelButton.disabled = true;
    return;
  }

  window.addEventListener("message", function (event) {
    if (event.source !== window.parent || event.origin !== cfg.parentOrigin) return;
    var data = event.data;
    if (!data || typeof data !== "object" || typeof data.type !== "string") return;
    switch (data.type) {
      case "hellosign:configure":
        cancelButton.hidden = !(data.payload && data.payload.allowCancel !== false);
        ready();
        break;
      case "hellosign:verifyDomainResponse":
        if (domainToken && data.payload && data.payload.token === domainToken) {
          domainToken = null;
          post("hellosign:initialize", { signatureId: cfg.signatureId });
        }
        break;
      case "hellosign:userCancelRequest":
        cancel();
        break;
      case "hellosign:error":
        state = "done";
        signButton.disabled = true;
        setStatus("The lender's site stopped this signing session.");
        break;
    }
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (state !== "ready") return;
    var name = document.getElementById("signer-name").value.trim();
    var consent = document.getElementById("consent").checked;
    if (!name) { errorEl.textContent = "Type your full name to sign."; document.getElementById("signer-name").focus(); return; }
    if (!consent) { errorEl.textContent = "Tick the box to agree to sign electronically."; document.getElementById("consent").focus(); return; }
    errorEl.textContent = "";
    state = "busy";
    signButton.disabled = true;
    setStatus("Signing…");
    finish("signed", { name: name, consent: true }).then(function (result) {
      if (result.ok) {
        setStatus("Signed. Thank you.");
        post("hellosign:userSignRequest", { signatureId: cfg.signatureId });
        post("hellosign:userFinishRequest");
      } else {
        var message = (result.body && result.body.message) || "The contract could not be signed.";
        setStatus("");
        errorEl.textContent = message;
        if (result.body && result.body.retryable) { state = "ready"; signButton.disabled = false; cancelButton.disabled = false; }
        else post("hellosign:error", { signatureId: cfg.signatureId, code: (result.body && result.body.code) || "sign_failed" });
      }
    }, function () {
      state = "ready";
      signButton.disabled = false;
      cancelButton.disabled = false;
      setStatus("");
      errorEl.textContent = "The network failed. Try again.";
    });
  });
  cancelButton.addEventListener("click", cancel);

  if (cfg.skipDomainVerification) {
    post("hellosign:initialize", { signatureId: cfg.signatureId });
  } else {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    domainToken = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    post("hellosign:verifyDomainRequest", { token: domainToken });
  }
})();
`;
