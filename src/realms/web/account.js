// Accounts in the browser: who is signed in, the CSRF token every POST carries while the session cookie is
// set, the header's "Sign in" / name + "Sign out", and the /account page (sign in or sign up).
// The session itself is an HttpOnly cookie this script never sees; the CSRF token comes from GET /api/account.
import { t } from "/static/i18n.js";

export let me = null;  // { id, name } or null
let csrf = null;

export async function loadAccount() {
  try {
    const res = await fetch("/api/account");
    const data = await res.json();
    me = data.user;
    csrf = data.csrf;
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

async function post(url, body) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...csrfHeaders() },
    body: JSON.stringify(body || {}) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.detail || `${res.status}`), { status: res.status });
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

// /account: sign in, or make an account (the same form, two buttons)
export function accountPage(app) {
  const error = node("div", { class: "error", id: "account-error", role: "alert" });
  if (me) {
    app.replaceChildren(node("section", { class: "panel" }, node("h2", {}, t("account.signed_in_as", { name: me.name })),
      node("p", {}, node("a", { href: `/players/${encodeURIComponent(me.name)}` }, t("account.my_page")), " · ",
        node("a", { href: "/" }, t("app.lobby")))));
    return;
  }
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
    node("p", { class: "muted" }, t("account.why")), form));
}
