// The words of the page in the reader's language: English, Turkish, French or Russian. The catalogues are JSON
// files in /static/i18n/ (one per language, the same keys in each; a test checks it). The choice is kept per
// browser (localStorage "realms.lang"); without one, the first of navigator.languages that we have.
//
// t(key, params) words a message: "{name}" is replaced by params.name; a value that is an object holds plural
// forms chosen by params.n (Intl.PluralRules: one, few, many, other); "{count:one=A|other=B}" is the word for
// another count (A after 1 silverling, B after 2), forms chosen the same way; "{you|A|B}" reads A when params.you is
// true (the viewer's own seat is the subject) and B otherwise; A and B may hold placeholders. A key missing from the catalogue is recorded
// in window.__missingKeys (tests assert it stays empty) and shown as the key itself.

export const LANGUAGES = { en: "English", tr: "Türkçe", fr: "Français", ru: "Русский" };
const STORE = "realms.lang";
let catalogue = {};
let plural = null;
window.__missingKeys = window.__missingKeys || [];

export function chosenLanguage() {
  let saved = null;
  try { saved = localStorage.getItem(STORE); } catch (e) { /* storage refused: use the browser's */ }
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

export let lang = chosenLanguage();

export async function loadLanguage(which = lang) {
  lang = which in LANGUAGES ? which : "en";
  const res = await fetch(`/static/i18n/${lang}.json`);
  catalogue = await res.json();
  plural = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  window.__lang = lang;
}

export function setLanguage(which) {
  try { localStorage.setItem(STORE, which); } catch (e) { /* the choice lasts this page only */ }
  location.reload();
}

export function has(key) { return Object.prototype.hasOwnProperty.call(catalogue, key); }

function missing(key) {
  if (!window.__missingKeys.includes(key)) window.__missingKeys.push(key);
  console.warn(`missing translation: ${key} (${lang})`);
}

export function t(key, params = {}) {
  let v = catalogue[key];
  if (v === undefined) { missing(key); return key; }
  if (typeof v === "object") v = v[plural.select(Number(params.n ?? 0))] ?? v.other;
  return fill(v, params);
}

// "{you|your|{seat}'s}": either form may hold placeholders of its own, filled afterwards
const YOU_FORMS = /\{you\|((?:[^|{}]|\{\w+\})*)\|((?:[^{}]|\{\w+\})*)\}/g;
// "{silverlings:one=silverling|other=silverlings}": the word that goes with a count other than the message's n
// (whose forms are the message's own), in the form Intl.PluralRules picks for it ("other" where it lacks one)
const COUNT_FORMS = /\{(\w+):(\w+=[^|{}]*(?:\|\w+=[^|{}]*)*)\}/g;
export function fill(text, params) {
  return text
    .replace(YOU_FORMS, (m, a, b) => (params.you ? a : b))
    .replace(COUNT_FORMS, (m, k, forms) => {
      const words = Object.fromEntries(forms.split("|").map(f => [f.slice(0, f.indexOf("=")), f.slice(f.indexOf("=") + 1)]));
      return words[plural.select(Number(params[k] ?? 0))] ?? words.other ?? m;
    })
    .replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
}

// a time left in the reader's words: hours and minutes from an hour up ("23 h 59 min"), else minutes and seconds
// ("4 min 5 s", "45 s"), so a clock redrawn every second visibly counts down in its last hour
export function duration(seconds) {
  const left = Math.max(0, Number(seconds) || 0);
  if (left >= 3600) {
    const minutes = Math.floor(left / 60);
    return t("time.h_min", { h: Math.floor(minutes / 60), min: minutes % 60 });
  }
  const s = Math.ceil(left);
  return s >= 60 ? t("time.min_s", { min: Math.floor(s / 60), s: s % 60 }) : t("time.s", { s });
}

// a list in the reader's language: "a, b and c"
export function list(items) {
  if (!items.length) return t("common.nothing");
  try { return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items.map(String)); }
  catch (e) { return items.join(", "); }
}

// the language menu in the page header
export function languageMenu() {
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.setAttribute("aria-label", t("app.language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    if (code === lang) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener("change", () => setLanguage(sel.value));
  return sel;
}
