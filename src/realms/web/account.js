// Accounts in the browser: who is signed in, the CSRF token every POST carries while the session cookie is
// set, the header's "Sign in" / name + "Sign out", and the /account page (sign in or sign up; signed in: the
// password, the e-mail address for resets, the signed-in browsers; /account?reset=SECRET: a new password).
// The session itself is an HttpOnly cookie this script never sees; the CSRF token comes from GET /api/account.
import { t, lang } from "/static/i18n.js";

export let me = null;  // { id, name } or null
let csrf = null;
let resetByEmail = false;  // whether this server mails password resets

export async function loadAccount() {
  try {
    const res = await fetch("/api/account");
    const data = await res.json();
    me = data.user;
    csrf = data.csrf;
    resetByEmail = !!data.reset_by_email;
  } catch (e) { me = null; csrf = null; }
  return me;
}

// headers for a state-changing request: the CSRF token while this browser holds a session cookie
export function csrfHeaders() { return csrf ? { "x-csrf-token": csrf } : {}; }

function node(tag, attrs = {}, ...children) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") n.className = v;
    else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) n.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) n.append(c instanceof Node ? c : String(c));
  return n;
}

async function post(url, body, method = "POST") {
  const res = await fetch(url, { method, headers: { "content-type": "application/json", ...csrfHeaders() },
    body: method === "DELETE" ? undefined : JSON.stringify(body || {}) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.detail || `${res.status}`), { status: res.status });
  if (data.csrf) csrf = data.csrf;  // a new session (sign-in, a new password): its token
  return data;
}

// the header's part: a link to the player's page and "Sign out", or "Sign in"
export function accountWidget() {
  const box = node("span", { id: "account", class: "header-account" });
  if (me) {
    box.append(node("a", { href: `/players/${encodeURIComponent(me.name)}`, id: "account-name" }, me.name), " ",
      node("button", { id: "signout", class: "link", onclick: async () => {
        try { await post("/api/account/signout"); } finally { location.href = "/"; }
      } }, t("account.sign_out")));
  } else {
    box.append(node("a", { href: "/account", id: "signin-link" }, t("account.sign_in")));
  }
  return box;
}

function passwordInput(id, autocomplete) {
  return node("input", { id, type: "password", autocomplete, required: true, minlength: 8, maxlength: 256 });
}

// a small form: its fields in a grid, a button, and a line for what happened (done or the server's error)
function smallForm(id, fields, button, action) {
  const said = node("div", { class: "account-said", id: `${id}-said`, role: "status" });
  const form = node("form", { id, onsubmit: async ev => {
    ev.preventDefault();
    said.textContent = ""; said.classList.remove("error");
    try { said.textContent = await action(); } catch (e) { said.classList.add("error"); said.textContent = e.message; }
  } },
    node("div", { class: "form-grid" }, fields.flatMap(([label, input]) => [node("label", { for: input.id }, label), input])),
    node("div", { class: "row" }, node("button", { type: "submit", id: `${id}-submit` }, button)), said);
  return form;
}

// /account?reset=SECRET: the link of a reset e-mail
function resetPage(app, token) {
  const password = passwordInput("reset-password", "new-password");
  app.replaceChildren(node("section", { class: "panel" }, node("h2", {}, t("account.reset_title")),
    smallForm("reset-form", [[t("account.new_password"), password]], t("account.reset_save"), async () => {
      await post("/api/account/reset/confirm", { token, password: password.value });
      location.href = "/account";
      return "";
    })));
}

// "Forgot your password?": a link by e-mail, or what to ask the operator
function forgotPanel() {
  const panel = node("section", { class: "panel", id: "account-forgot" }, node("h3", {}, t("account.forgot")));
  if (!resetByEmail) {
    panel.append(node("p", { class: "muted", id: "reset-by-operator" }, t("account.reset_by_operator")));
    return panel;
  }
  const name = node("input", { id: "forgot-name", autocomplete: "username", required: true, maxlength: 24 });
  panel.append(smallForm("forgot-form", [[t("account.name"), name]], t("account.reset_send"), async () => {
    await post("/api/account/reset", { name: name.value, lang });
    return t("account.reset_sent");
  }));
  return panel;
}

// signed in: the password, the e-mail address, the signed-in browsers
async function managePanels(app) {
  const head = node("section", { class: "panel" }, node("h2", {}, t("account.signed_in_as", { name: me.name })),
    node("p", {}, node("a", { href: `/players/${encodeURIComponent(me.name)}` }, t("account.my_page")), " · ",
      node("a", { href: "/" }, t("app.lobby"))));
  const current = passwordInput("password-current", "current-password");
  const fresh = passwordInput("password-new", "new-password");
  const password = node("section", { class: "panel" }, node("h3", {}, t("account.change_password")),
    smallForm("password-form", [[t("account.current_password"), current], [t("account.new_password"), fresh]],
      t("account.change_password"), async () => {
        await post("/api/account/password", { current: current.value, password: fresh.value });
        current.value = ""; fresh.value = "";
        await showSessions();
        return t("account.password_changed");
      }));
  const email = node("input", { id: "email-address", type: "email", autocomplete: "email", maxlength: 254 });
  const emailPassword = passwordInput("email-password", "current-password");
  const mailPanel = node("section", { class: "panel" }, node("h3", {}, t("account.email")),
    node("p", { class: "muted" }, t("account.email_help")),
    smallForm("email-form", [[t("account.email"), email], [t("account.password"), emailPassword]],
      t("account.email_save"), async () => {
        await post("/api/account/email", { email: email.value, password: emailPassword.value });
        emailPassword.value = "";
        return t("account.email_saved");
      }));
  const list = node("ul", { id: "session-list", class: "session-list" });
  const sessionsError = node("div", { class: "error", id: "sessions-error", role: "alert" });
  const sessions = node("section", { class: "panel" }, node("h3", {}, t("account.sessions")), list,
    node("div", { class: "row" }, node("button", { id: "signout-everywhere", onclick: async () => {
      try { await post("/api/account/signout-everywhere"); location.href = "/account"; }
      catch (e) { sessionsError.textContent = e.message; }
    } }, t("account.signout_everywhere"))), sessionsError);
  async function showSessions() {
    try {
      const data = await (await fetch("/api/account/sessions")).json();
      if (data.email !== undefined && document.activeElement !== email) email.value = data.email || "";
      list.replaceChildren(...(data.sessions || []).map(s => node("li", { class: "session", "data-id": s.id },
        node("span", { class: "session-agent" }, s.user_agent || t("account.session_unknown")), " ",
        node("span", { class: "muted" }, t("account.session_started", { date: new Date(s.created_at).toLocaleString(lang) })),
        s.current ? [" ", node("strong", { class: "session-this" }, t("account.session_this"))] : null, " ",
        node("button", { class: "link session-end", id: `session-end-${s.id}`, onclick: async () => {
          try {
            const r = await post(`/api/account/sessions/${s.id}`, null, "DELETE");
            if (r.signed_out) { location.href = "/account"; return; }
            await showSessions();
          } catch (e) { sessionsError.textContent = e.message; }
        } }, t("account.session_end")))));
    } catch (e) { sessionsError.textContent = e.message; }
  }
  app.replaceChildren(head, password, mailPanel, sessions);
  await showSessions();
}

// /account: sign in, or make an account (the same form, two buttons); signed in: manage the account
export function accountPage(app) {
  const error = node("div", { class: "error", id: "account-error", role: "alert" });
  const token = new URLSearchParams(location.search).get("reset");
  if (token) { resetPage(app, token); return; }
  if (me) { managePanels(app); return; }
  const name = node("input", { id: "account-user", name: "username", autocomplete: "username", required: true,
    minlength: 2, maxlength: 24 });
  const password = node("input", { id: "account-password", name: "password", type: "password",
    autocomplete: "current-password", required: true, minlength: 8, maxlength: 256 });
  async function go(kind) {
    error.textContent = "";
    try {
      await post(`/api/account/${kind}`, { name: name.value, password: password.value });
      const back = new URLSearchParams(location.search).get("next");
      location.href = back && back.startsWith("/") && !back.startsWith("//") ? back : "/";
    } catch (e) { error.textContent = e.message; }
  }
  const form = node("form", { id: "account-form", onsubmit: ev => { ev.preventDefault(); go("signin"); } },
    node("div", { class: "form-grid" },
      node("label", { for: "account-user" }, t("account.name")), name,
      node("label", { for: "account-password" }, t("account.password")), password),
    node("p", { class: "muted" }, t("account.rules")),
    node("div", { class: "row" },
      node("button", { class: "primary", id: "signin", type: "submit" }, t("account.sign_in")),
      node("button", { id: "signup", type: "button", onclick: () => { password.autocomplete = "new-password"; go("signup"); } },
        t("account.sign_up"))),
    error);
  app.replaceChildren(node("section", { class: "panel" }, node("h2", {}, t("account.title")),
    node("p", { class: "muted" }, t("account.why")), form), forgotPanel());
}
