// The game log of a live game: the whole game, newest first, in a scrollable box. The payload brings
// the latest page; older entries come page by page from GET /api/games/{id}/log (what the seat may see).
// Seats are named as the board names them: "You" for the viewer's own seat.
import { el } from "/static/app.js";
import { duration, t } from "/static/i18n.js";

const PAGE = 100;
const IRREGULAR = { has: "have", is: "are", was: "were", does: "do", goes: "go" };

// the verb after "You": "takes" -> "take", "trashes" -> "trash", "has" -> "have"; past tenses stay
function plainVerb(word) {
  if (word in IRREGULAR) return IRREGULAR[word];
  if (/(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[a-z][^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

// "Seat 2 plays Militia: Seat 1 discards" -> "greedy (2) plays Militia: You discard"
export function seatText(text, names) {
  return text.replace(/\b([Ss])eat (\d+)('s)?(?: ([a-z]+))?/g, (whole, s, num, poss, word, offset) => {
    const name = names[Number(num) - 1];
    if (name === undefined) return whole;
    const after = word === undefined ? "" : ` ${word}`;
    if (name !== "You") return `${name}${poss || ""}${after}`;
    const sentenceStart = offset === 0 || /[.:;!?]\s*$/.test(text.slice(0, offset));
    if (poss) return `${sentenceStart ? "Your" : "your"}${after}`;
    return `${sentenceStart ? "You" : "you"}${word === undefined ? "" : ` ${sentenceStart ? plainVerb(word) : word}`}`;
  });
}

// The subject of an entry: its seat as the board names it, and whether it is the viewer's own (the wording
// then takes "you" forms: the catalogues' {you|...|...})
export function subject(seat, names, viewer) {
  return { who: names[seat] ?? t("seat.someone"), you: viewer !== null && viewer !== undefined && seat === viewer };
}

// A log entry in the reader's language, from its kind and data: the board module words its game's events
// (logText); the server's own notes are worded here. Where neither can, the engine's English text is shown
// (and the missing wording recorded as a missing key, so that tests notice).
export function entryText(entry, names, viewer, board) {
  if (entry.kind === "note" && entry.data && entry.data.note === "bot-fallback") {
    return t("log.note.bot_fallback", { bot: entry.data.bot, seat: names[entry.data.seat] ?? entry.data.seat + 1,
      fallback: entry.data.fallback });
  }
  // takeovers and clocks (the server's pace notes): seat-left, seat-back, out-of-time, bot-takeover
  const PACE = { "seat-left": "log.note.seat_left", "seat-back": "log.note.seat_back", "out-of-time": "log.note.out_of_time" };
  if (entry.kind === "note" && entry.data && (entry.data.note in PACE || entry.data.note === "bot-takeover")) {
    const d = entry.data;
    const key = d.note === "bot-takeover" ? (d.reason === "time" ? "log.note.takeover_time" : "log.note.takeover_left") : PACE[d.note];
    // the viewer's own seat in the second person ("You ran out of time: ... unless you move")
    // the person who left or ran out of time, even once a bot plays their seat (names.people: app.js's seatNames)
    return t(key, { seat: (names.people || names)[d.seat] ?? d.seat + 1, bot: d.bot, time: duration(d.grace),
      you: viewer !== null && viewer !== undefined && d.seat === viewer });
  }
  if (entry.kind === "undo") {  // a move taken back within its turn (any game)
    return t("log.undo", { seat: names[entry.seat] ?? entry.seat + 1, you: viewer !== null && viewer !== undefined && entry.seat === viewer });
  }
  const said = board && board.logText && entry.data ? board.logText(entry, names, viewer) : null;
  if (said !== null && said !== undefined) return said;
  t(`log.${entry.kind}`);  // records the missing wording
  return seatText(entry.text, names);
}

export class GameLog {
  constructor(gid, token) {
    this.url = `/api/games/${encodeURIComponent(gid)}/log`;
    this.token = token;
    this.lo = 0;          // number of the oldest entry held
    this.items = [];      // entries lo, lo + 1, ... (contiguous)
    this.names = [];
    this.loading = false;
    this.board = null;    // the game's board module, which words its events (set by the page)
    this.viewer = null;   // the viewer's seat (null: a spectator)
    this.box = el("div", { class: "log", id: "log", tabindex: "0", "aria-label": t("log.aria") });
    this.older = el("button", { id: "log-older", class: "log-older", onclick: () => this.loadOlder() }, "");
    this.note = el("div", { class: "muted log-note", id: "log-note" });
    this.node = el("div", {}, this.box, el("div", { class: "row" }, this.older, this.note));
    this.box.addEventListener("scroll", () => {
      if (this.box.scrollTop + this.box.clientHeight >= this.box.scrollHeight - 4) this.loadOlder();
    });
  }

  get hi() { return this.lo + this.items.length; }

  // a new payload: its log holds entries log_start, log_start + 1, ...
  update(payload, names) {
    this.names = names;
    this.viewer = payload.seat ?? null;
    const start = payload.log_start ?? 0;
    const page = payload.log || [];
    let added = 0;
    if (!this.items.length || start > this.hi) {  // nothing held, or a gap: start again from this page
      added = page.length;
      this.lo = start;
      this.items = page.slice();
    } else {
      for (let i = Math.max(0, this.hi - start); i < page.length; i++) { this.items.push(page[i]); added++; }
    }
    this.draw(added);
  }

  async loadOlder() {
    if (this.loading || this.lo === 0) return;
    this.loading = true;
    this.note.textContent = t("log.loading");
    const lo = this.lo;
    const params = new URLSearchParams({ before: String(lo), limit: String(PAGE) });
    if (this.token) params.set("token", this.token);
    try {
      const res = await fetch(`${this.url}?${params}`);
      const data = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(data.detail || `${res.status} ${res.statusText}`);
      // the log was started afresh meanwhile, or the page does not meet what is held: keep what is held
      if (this.lo === lo && data.start + data.entries.length === lo) {
        this.items = data.entries.concat(this.items);
        this.lo = data.start;
      }
      this.note.textContent = "";
    } catch (e) {
      this.note.textContent = t("log.older_failed", { error: e.message });
    } finally {
      this.loading = false;
      this.draw(0);
    }
  }

  // newest first; `added` new entries at the top keep what the reader scrolled to in view. A seat a bot took
  // over is named "X (the random bot)" from its takeover on; entries older than the takeover note name the
  // person who made them (names.people), so the names change as the drawing passes each such note.
  draw(added) {
    const box = this.box, top = box.scrollTop, height = box.scrollHeight;
    const rows = [];
    let names = this.names;
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i];
      rows.push(el("div", { "data-n": this.lo + i, "data-kind": item.kind },
        entryText(item, names, this.viewer, this.board)));
      const d = item.kind === "note" && item.data;
      if (d && d.note === "bot-takeover" && names.people && names[d.seat] !== names.people[d.seat]) {
        names = Object.assign(names.slice(), { people: names.people });
        names[d.seat] = names.people[d.seat];
      }
    }
    box.replaceChildren(...rows);
    if (added && top > 0) box.scrollTop = top + (box.scrollHeight - height);
    this.older.hidden = this.lo === 0;
    this.older.textContent = t("log.older", { n: this.lo });
  }
}
