/*
 * The Plaid Link stand-in (local environment only), served at /api/local/plaid/link-initialize.js
 * and loaded by /bank right before react-plaid-link mounts (components/widgets/after-stand-in). It does what Plaid's link-initialize.js
 * does for react-plaid-link: defines window.Plaid.create(config) returning {open, exit, destroy,
 * submit}, and calls onLoad, onSuccess(public_token, metadata), onExit(error, metadata) and
 * onEvent with Plaid's shapes, OAuth banks included (receivedRedirectUri resumes). It also leaves
 * a never-fetched marker <script type="text/plain"> whose src is exactly Plaid's CDN URL, so the
 * hook treats Plaid as loaded (see WIDGETS.md).
 */
(function () {
  "use strict";
  var CDN = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/link-initialize\.js(\?.*)?$/, "") : "/api/local/plaid";
  var institutions = /*INSTITUTIONS*/ [];

  if (!document.querySelector('script[src="' + CDN + '"]')) {
    var marker = document.createElement("script");
    marker.type = "text/plain";
    marker.src = CDN;
    marker.setAttribute("data-plaid-stand-in", "marker");
    document.head.appendChild(marker);
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k.slice(0, 2) === "on") node.addEventListener(k.slice(2), attrs[k]);
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c) node.appendChild(c);
    });
    return node;
  }

  var BUTTON =
    "display:block;width:100%;margin:6px 0;padding:10px 12px;border:1px solid #1f2937;border-radius:6px;background:#fff;color:#111827;font:inherit;text-align:left;cursor:pointer";
  var PRIMARY =
    "display:block;width:100%;margin:12px 0 0;padding:10px 12px;border:0;border-radius:6px;background:#111827;color:#fff;font:inherit;font-weight:600;cursor:pointer";
  var INPUT =
    "display:block;width:100%;box-sizing:border-box;margin:4px 0 10px;padding:8px;border:1px solid #4b5563;border-radius:6px;font:inherit;color:#111827";

  function create(config) {
    var root = null;
    var destroyed = false;
    var sessionId = "link-session-local-" + Math.random().toString(16).slice(2);
    var chosenInstitution = null;
    var lastFocus = null;

    function event(name, extra) {
      if (typeof config.onEvent === "function") {
        var meta = {
          link_session_id: sessionId,
          request_id: null,
          timestamp: new Date().toISOString(),
          view_name: extra && extra.view_name ? extra.view_name : null,
        };
        if (chosenInstitution) {
          meta.institution_id = chosenInstitution.institution_id;
          meta.institution_name = chosenInstitution.name;
        }
        config.onEvent(name, meta);
      }
    }

    function close() {
      if (root && root.parentNode) root.parentNode.removeChild(root);
      root = null;
      if (lastFocus && typeof lastFocus.focus === "function") lastFocus.focus();
    }

    function exitWith(error, status) {
      close();
      event("EXIT");
      if (typeof config.onExit === "function") {
        config.onExit(error || null, {
          status: status || "requires_credentials",
          institution: chosenInstitution ? { name: chosenInstitution.name, institution_id: chosenInstitution.institution_id } : null,
          link_session_id: sessionId,
          request_id: "req-local-" + Math.random().toString(16).slice(2),
        });
      }
    }

    // A call to the stand-in failed (no answer, or no JSON): Link exits with Plaid's API_ERROR.
    function exitUnanswered(status) {
      if (destroyed) return;
      exitWith(
        {
          error_type: "API_ERROR",
          error_code: "INTERNAL_SERVER_ERROR",
          error_message: "the Link stand-in did not answer",
          display_message: null,
        },
        status,
      );
    }

    function frame(title, body) {
      if (!root) {
        root = el("div", {
          "data-plaid-stand-in": "overlay",
          style:
            "position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;padding:12px;font-family:system-ui,sans-serif",
        });
        root.addEventListener("keydown", function (e) {
          if (e.key === "Escape") {
            e.preventDefault();
            exitWith(null, chosenInstitution ? "institution_not_found" : "choose_institution");
          }
        });
        document.body.appendChild(root);
      }
      root.innerHTML = "";
      var heading = el("h2", { id: "plaid-stand-in-title", text: title, style: "margin:0 0 12px;font-size:1.15rem;color:#111827" });
      var dialog = el(
        "div",
        {
          role: "dialog",
          "aria-modal": "true",
          "aria-labelledby": "plaid-stand-in-title",
          style:
            "position:relative;width:100%;max-width:380px;max-height:100%;overflow:auto;background:#fff;border-radius:12px;padding:20px;box-shadow:0 10px 30px rgba(0,0,0,.3);color:#111827",
        },
        [
          el(
            "button",
            {
              type: "button",
              "aria-label": "Close",
              style:
                "position:absolute;top:8px;right:8px;padding:6px 10px;border:0;background:transparent;font-size:1.25rem;cursor:pointer;color:#111827",
              onclick: function () {
                exitWith(null, chosenInstitution ? "requires_credentials" : "choose_institution");
              },
            },
            [document.createTextNode("×")],
          ),
          el("p", { text: "Plaid Link stand-in · local sandbox", style: "margin:0 0 4px;font-size:.75rem;color:#374151" }),
          heading,
        ].concat(body),
      );
      root.appendChild(dialog);
      var focusable = dialog.querySelector("input, button:not([aria-label='Close'])");
      (focusable || heading).focus();
    }

    function pickInstitution() {
      frame(
        "Select your bank",
        institutions.map(function (inst) {
          return el(
            "button",
            {
              type: "button",
              style: BUTTON,
              onclick: function () {
                chosenInstitution = inst;
                event("SELECT_INSTITUTION");
                if (inst.oauth) leaveForBank();
                else credentials(null);
              },
            },
            [document.createTextNode(inst.name)],
          );
        }),
      );
    }

    // A retry keeps the username typed (only the password is asked again), as a bank's login does.
    function credentials(message, keptUsername) {
      var user = el("input", { id: "plaid-stand-in-user", name: "username", autocomplete: "username", style: INPUT });
      var pass = el("input", { id: "plaid-stand-in-pass", name: "password", type: "password", autocomplete: "off", style: INPUT });
      if (keptUsername) user.value = keptUsername;
      var errorBox = el("p", { role: "alert", text: message || "", style: "color:#b91c1c;margin:0 0 8px" });
      var form = el(
        "form",
        {
          onsubmit: function (e) {
            e.preventDefault();
            // Blank fields are named here, not sent to the bank.
            var blank = null;
            if (!user.value.trim()) blank = user;
            else if (!pass.value) blank = pass;
            if (blank) {
              errorBox.textContent = blank === user ? "Enter your username." : "Enter your password.";
              blank.focus();
              return;
            }
            submitLogin(user.value, pass.value);
          },
        },
        [
          errorBox,
          el("label", { for: "plaid-stand-in-user", text: "Username" }),
          user,
          el("label", { for: "plaid-stand-in-pass", text: "Password" }),
          pass,
          el("p", { text: "Sandbox: user_good / pass_good", style: "margin:0;font-size:.8rem;color:#374151" }),
          el("button", { type: "submit", style: PRIMARY, text: "Submit" }),
        ],
      );
      frame("Log in at " + chosenInstitution.name, [form]);
      (keptUsername ? pass : user).focus();
    }

    // An OAuth bank: the login happens on the bank's own site, which returns to the link token's
    // redirect_uri; the app then opens Link again there with receivedRedirectUri (resume below).
    function leaveForBank() {
      frame("Opening " + chosenInstitution.name + "…", [
        el("p", { role: "status", text: "You are leaving for your bank's website to log in. You will come back here." }),
      ]);
      event("OPEN_OAUTH");
      post("/link/oauth/start", { link_token: config.token, institution_id: chosenInstitution.institution_id })
        .then(function (answer) {
          if (destroyed) return;
          if (answer.error) return exitWith(answer.error, "oauth_error");
          window.location.assign(answer.oauth_url);
        })
        .catch(function () {
          exitUnanswered("institution_not_responding");
        });
    }

    function resume() {
      frame("Finishing with your bank…", [el("p", { role: "status", text: "Getting your accounts." })]);
      event("OPEN", { view_name: "OAUTH" });
      post("/link/oauth/resume", { link_token: config.token, received_redirect_uri: config.receivedRedirectUri })
        .then(function (answer) {
          if (destroyed) return;
          if (answer.error) return exitWith(answer.error, "oauth_error");
          chosenInstitution = answer.institution;
          event("HANDOFF_OAUTH");
          if (answer.update) return succeed(answer, []);
          chooseAccount(answer);
        })
        .catch(function () {
          exitUnanswered("oauth_error");
        });
    }

    function post(path, body) {
      return fetch(base + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(function (r) {
        return r.json();
      });
    }

    function submitLogin(username, password) {
      frame("Connecting to " + chosenInstitution.name + "…", [el("p", { role: "status", text: "Checking your credentials." })]);
      event("SUBMIT_CREDENTIALS");
      fetch(base + "/link/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          link_token: config.token,
          institution_id: chosenInstitution.institution_id,
          username: username,
          password: password,
        }),
      })
        .then(function (r) {
          return r.json();
        })
        .then(function (answer) {
          if (destroyed) return;
          if (answer.error) {
            event("ERROR");
            if (answer.retry) credentials(answer.error.display_message || answer.error.error_message, username);
            else exitWith(answer.error, "institution_not_responding");
            return;
          }
          if (answer.update) return succeed(answer, []);
          chooseAccount(answer);
        })
        .catch(function () {
          exitUnanswered("institution_not_responding");
        });
    }

    function chooseAccount(answer) {
      if (answer.accounts.length === 0) {
        frame("No eligible accounts", [
          el("p", { text: "This bank login has no checking or savings account." }),
          el("button", {
            type: "button",
            style: PRIMARY,
            text: "Exit",
            onclick: function () {
              exitWith(
                {
                  error_type: "INVALID_INPUT",
                  error_code: "NO_ACCOUNTS",
                  error_message: "no eligible accounts",
                  display_message: "No eligible accounts were found.",
                },
                "requires_account_selection",
              );
            },
          }),
        ]);
        return;
      }
      var fieldset = el("fieldset", { style: "border:0;margin:0;padding:0" }, [
        el("legend", { text: "Choose the account to use", style: "margin-bottom:6px" }),
      ]);
      answer.accounts.forEach(function (a, i) {
        var id = "plaid-stand-in-acct-" + i;
        fieldset.appendChild(
          el("div", { style: "display:flex;gap:8px;align-items:center;padding:6px 0" }, [
            el("input", { type: "radio", name: "account", id: id, value: a.id }),
            el("label", { for: id, text: a.name + " ••" + a.mask + " (" + a.subtype + ")" }),
          ]),
        );
      });
      var errorBox = el("p", { role: "alert", style: "color:#b91c1c;margin:4px 0", text: "" });
      var form = el(
        "form",
        {
          onsubmit: function (e) {
            e.preventDefault();
            var picked = form.querySelector("input[name=account]:checked");
            if (!picked) {
              errorBox.textContent = "Choose an account.";
              return;
            }
            var account = answer.accounts.filter(function (a) {
              return a.id === picked.value;
            })[0];
            succeed(answer, [account]);
          },
        },
        [fieldset, errorBox, el("button", { type: "submit", style: PRIMARY, text: "Continue" })],
      );
      frame("Your accounts at " + answer.institution.name, [form]);
    }

    function succeed(answer, accounts) {
      close();
      event("HANDOFF");
      config.onSuccess(answer.public_token, {
        institution: answer.institution,
        accounts: accounts,
        link_session_id: answer.link_session_id || sessionId,
        transfer_status: null,
        public_token: answer.public_token,
      });
    }

    var handler = {
      open: function () {
        if (destroyed) return;
        lastFocus = document.activeElement;
        chosenInstitution = null;
        if (config.receivedRedirectUri) return resume();
        frame("Opening…", [el("p", { role: "status", text: "Loading." })]);
        // Update mode (expired credentials) goes straight to the item's own bank, as Plaid does.
        fetch(base + "/link/token/get", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ link_token: config.token }),
        })
          .then(function (r) {
            return r.json();
          })
          .then(function (info) {
            if (destroyed) return;
            if (info.error) return exitWith(info.error, "requires_credentials");
            event("OPEN", { view_name: info.update ? "CREDENTIAL" : "SELECT_INSTITUTION" });
            if (info.update) {
              chosenInstitution = info.institution;
              credentials(null);
            } else pickInstitution();
          })
          .catch(function () {
            exitUnanswered("requires_credentials");
          });
      },
      exit: function (options) {
        if (root) exitWith(null, "requires_credentials");
        void options;
      },
      submit: function () {},
      destroy: function () {
        destroyed = true;
        close();
      },
    };
    setTimeout(function () {
      if (!destroyed && typeof config.onLoad === "function") config.onLoad();
    }, 0);
    return handler;
  }

  window.Plaid = { create: create, version: "local-stand-in" };
})();
