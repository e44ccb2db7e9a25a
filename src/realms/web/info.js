// One floating panel (#info) that reads a card or tile in full: shown beside what the mouse is over, or,
// after a tap on an ⓘ button, pinned at the foot of the screen with a close button (phones have no hover). A
// finger's tap is no hover (a touch screen's emulated mouse would leave the panel open over the controls), and a
// tap or click anywhere outside the pinned panel closes it.
import { el } from "/static/app.js";
import { t } from "/static/i18n.js";

let panel = null, pinned = false, owner = null;

function ensure() {
  if (panel && panel.isConnected) return panel;
  panel = el("div", { id: "info", class: "info-panel", role: "dialog", "aria-live": "polite", hidden: true });
  document.body.append(panel);
  document.addEventListener("keydown", e => { if (e.key === "Escape") hideInfo(true); });
  document.addEventListener("pointerdown", e => {
    if (!panel.hidden && !panel.contains(e.target) && !(e.target.closest && e.target.closest(".info-button"))) hideInfo(true);
  }, true);
  return panel;
}

export function showInfo(anchor, content, pin = false) {
  const p = ensure();
  pinned = pin;
  owner = anchor;
  p.replaceChildren(...(pin ? [el("button", { class: "info-close", id: "info-close", "aria-label": t("common.close"),
    onclick: () => hideInfo(true) }, "✕")] : []), ...content);
  p.hidden = false;
  p.classList.toggle("pinned", pin);
  if (pin) { p.style.left = ""; p.style.top = ""; return; }
  const r = anchor.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
  const below = r.bottom + 6;
  p.style.left = `${left}px`;
  p.style.top = `${below + 160 > window.innerHeight ? Math.max(8, r.top - 6 - p.offsetHeight) : below}px`;
}

export function hideInfo(force = false) {
  if (!panel || (pinned && !force)) return;
  panel.hidden = true;
  pinned = false;
  owner = null;
}

// hover (a mouse) shows `content()` beside `node`; an ⓘ button (returned, for the caller to place) pins it
export function withInfo(node, content, label) {
  node.addEventListener("pointerenter", e => { if (e.pointerType === "mouse" && !pinned) showInfo(node, content()); });
  // (a hover panel whose node a redraw replaced is closed too: the new node never owned it)
  node.addEventListener("pointerleave", e => {
    if (e.pointerType === "mouse" && (owner === node || (owner && !owner.isConnected))) hideInfo();
  });
  const button = el("button", { class: "info-button", type: "button", "aria-label": t("common.info_about", { what: label }),
    title: t("common.info_about", { what: label }), "data-info": label,
    onclick: e => { e.stopPropagation(); showInfo(node, content(), true); } }, "i");
  return button;
}
