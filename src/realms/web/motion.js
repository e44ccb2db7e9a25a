// Following the game: every update is shown in turn (updates that come quicker than a person can follow wait
// in a queue, each shown at least PACE ms), what the last move changed is marked on the board (the boards
// compare the view with the one shown before: class "last-move", a brief flash), and turns and moves are
// announced to screen readers in an aria-live region.
import { el } from "/static/app.js";

// ms each update stays on screen when more are waiting; "realms.pace" in localStorage overrides it (0: none)
function paceSetting() {
  try {
    const v = localStorage.getItem("realms.pace");
    if (v !== null && v !== "" && !Number.isNaN(Number(v))) return Number(v);
  } catch (e) { /* storage refused */ }
  return 450;
}

// Shows payloads one after another: push() queues a newer one; show(p) is called for each, in version order,
// never sooner than `pace` ms after the previous (quicker while many wait, so a long queue catches up). The page
// never falls more than BEHIND updates behind: past that the oldest waiting ones are skipped (their moves are in
// the log), so a burst of quick moves (bots at a fast table, a game played on in another tab) is caught up in
// about BEHIND quarter-paces, not one step at a time.
export const BEHIND = 12;
export class Pacer {
  constructor(show, pace = paceSetting()) {
    this.show = p => { this.shown = p.version; show(p); };
    this.shown = -1;      // the version on screen
    this.pace = pace;
    this.queue = [];
    this.last = 0;        // when the previous one was shown
    this.newest = -1;     // the newest version queued or shown
    this.timer = null;
  }

  push(payload) {
    if (payload.version < this.newest) return false;
    // the same version again (a seat claimed, a clock, a takeover notice): it replaces what waits, or is shown
    if (payload.version === this.newest) {
      const i = this.queue.findIndex(p => p.version === payload.version);
      if (i >= 0) this.queue[i] = payload;
      else if (payload.version === this.shown) this.show(payload);
      return true;
    }
    this.newest = payload.version;
    this.queue.push(payload);
    if (this.queue.length > BEHIND) this.queue.splice(0, this.queue.length - BEHIND);
    this.drain();
    return true;
  }

  // the payload shown now must be this one (a reconnect, one's own move): whatever waits is dropped
  reset(payload) {
    this.queue = [];
    clearTimeout(this.timer);
    this.timer = null;
    this.newest = Math.max(this.newest, payload.version);
    this.last = Date.now();
    this.show(payload);
  }

  // one's own move (the answer to it): shown at once, whatever waits up to it dropped; anything newer follows
  now(payload) {
    if (payload.version <= this.shown) return;
    this.queue = this.queue.filter(p => p.version > payload.version);
    this.newest = Math.max(this.newest, payload.version);
    clearTimeout(this.timer);
    this.timer = null;
    this.last = Date.now();
    this.show(payload);
    this.drain();
  }

  get waiting() { return this.queue.length; }

  drain() {
    if (this.timer || !this.queue.length) return;
    const gap = this.queue.length > 4 ? this.pace / 4 : this.pace;
    const wait = Math.max(0, this.last + gap - Date.now());
    const next = () => {
      this.timer = null;
      const p = this.queue.shift();
      if (!p) return;
      this.last = Date.now();
      this.show(p);
      this.drain();
    };
    if (wait === 0) next();
    else this.timer = setTimeout(next, wait);
  }
}

// the page's live region: polite announcements of moves and turns (visually hidden)
let region = null;
export function announce(text) {
  if (!text) return;
  if (!region || !region.isConnected) {
    region = el("div", { id: "announce", class: "sr-only", "aria-live": "polite", "aria-atomic": "true", role: "status" });
    document.body.append(region);
  }
  // a repeat of the same words is announced again
  region.textContent = region.textContent === text ? `${text} ` : text;
}

// marks `node` as changed by the last move (a flash, then an outline until the next update)
export function mark(node, changed = true) {
  if (node && changed) node.classList.add("last-move");
  return node;
}

// the entries of a log page ({log, log_start}) numbered from `from` on
export function newEntries(payload, from) {
  const start = payload.log_start ?? 0;
  return (payload.log || []).slice(Math.max(0, from - start));
}
