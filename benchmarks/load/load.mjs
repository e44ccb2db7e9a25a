// Load generator for the Realms server, in Node.js so that the generator itself costs little CPU next to
// the server it measures. Same protocol as ../server_load.py:
// - N game slots each keep one live game; when a game ends, the slot starts a new one at once;
// - every seat watches its WebSocket and plays a random legal action when it is to move: an HTTP POST, or
//   with --via ws a message on its WebSocket (its latency then ends at the push of the next version);
// - each game is paced so the total offered load is --rate actions/s;
// - so that games are of every age, as on a server that has run for a while, each slot's first game first
//   plays k moves at once, k uniform in [0, --head-start), where --head-start is about one game's length;
// - measuring starts --settle seconds after the last head start is played, and lasts --seconds.
// Prints one JSON object; --trace prints latency second by second on stderr.
import http from "node:http";
import WebSocket from "ws";

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) =>
  (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const base = new URL(args.base);
const games = Number(args.games ?? 200), rate = Number(args.rate ?? 1000), seconds = Number(args.seconds ?? 30);
const settle = Number(args.settle ?? 3), game = args.game ?? "kingdomino", players = Number(args.players ?? 2);
// --head-start: ../server_load.py passes the length of a random 2-player game of --game
const headStart = Number(args["head-start"] ?? 40), via = args.via ?? "http";
const agent = new http.Agent({ keepAlive: true, maxSockets: games * players + 16 });

function request(method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const req = http.request({ host: base.hostname, port: base.port, path, method, agent,
      headers: data ? { "content-type": "application/json", "content-length": data.length } : {} }, res => {
      const chunks = [];
      res.on("data", c => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.setTimeout(30000, () => req.destroy(new Error("no answer in 30 s")));  // never wait for ever
    if (data) req.write(data);
    req.end();
  });
}

const now = () => performance.now() / 1000;
const sleep = s => new Promise(r => setTimeout(r, Math.max(0, s * 1000)));
const start = now();
const interval = rate > 0 ? games / rate : 0;
const samples = [];
let accepted = 0;
const errors = {};  // status -> actions answered with it (0: no answer)
let from = Infinity, stop = Infinity;  // the measured window, known once every head start is played
let headStartsLeft = games;
const stoppers = new Set();  // sockets to close when the window ends

// a run that cannot open its window says so instead of hanging
const maxWarmup = Number(args["max-warmup"] ?? 180);
setTimeout(() => {
  if (from !== Infinity) return;
  console.error(`after ${maxWarmup} s, ${headStartsLeft} of ${games} games had not finished their head start ` +
    `(answers other than 200: ${JSON.stringify(errors)})`);
  process.exit(1);
}, maxWarmup * 1000).unref();

function headStartDone() {
  headStartsLeft -= 1;
  if (headStartsLeft !== 0) return;
  from = now() + settle;
  stop = from + seconds;
  setTimeout(() => { for (const f of [...stoppers]) f(); }, (stop - now()) * 1000);
}

function playSeat(gid, token, pace, skip) {
  // `latest` holds the newest push not handled yet: pushes that arrive while this seat is busy acting are
  // kept, not dropped (a seat often moves twice in a row, and its push can beat the POST's answer)
  return new Promise(resolve => {
    if (now() >= stop) { resolve(); return; }  // a game made just as the window closed
    const ws = new WebSocket(`ws://${base.host}/ws/games/${gid}?token=${token}`, { perMessageDeflate: false });
    let latest = null, busy = false, waiter = null, done = false;
    const finish = () => {
      if (done) return;
      done = true;
      stoppers.delete(finish);
      try { ws.close(); } catch {}
      resolve();
    };
    stoppers.add(finish);
    async function pump() {
      while (latest !== null && !busy && !done) {
        const text = latest;
        latest = null;
        if (text.includes('"finished":true')) { finish(); return; }
        if (text.includes('"legal_actions":[]')) continue;
        const msg = JSON.parse(text);
        if (msg.type !== "update" || !msg.legal_actions.length) continue;
        busy = true;
        const action = msg.legal_actions[Math.floor(Math.random() * msg.legal_actions.length)].action;
        if (skip.left > 0) {
          skip.left -= 1;
          if (skip.left === 0) headStartDone();
        } else {
          await sleep(pace.next - now());
          pace.next = Math.max(pace.next + interval, now());
        }
        if (now() >= stop) { busy = false; finish(); return; }
        const t0 = now();
        try {
          if (via === "ws") {
            const answered = new Promise(r => { waiter = { version: msg.version, resolve: r }; });
            ws.send(JSON.stringify({ type: "action", version: msg.version, action }));
            const ok = await answered;
            samples.push([t0, now() - t0]);
            if (ok) accepted += 1;
          } else {
            const r = await request("POST", `/api/games/${gid}/actions`, { token, version: msg.version, action });
            samples.push([t0, now() - t0]);
            if (r.status === 200) accepted += 1;
            else await readAgain(r.status);
          }
        } catch { await readAgain(0).catch(() => {}); }
        // refused or unanswered: no push comes for it, so the seat reads the game again and goes on
        async function readAgain(status) {
          errors[status] = (errors[status] ?? 0) + 1;
          const v = await request("GET", `/api/games/${gid}?token=${token}`);
          if (v.status === 200 && latest === null) latest = '{"type":"update",' + v.body.toString().slice(1);
        }
        busy = false;
      }
    }
    ws.on("message", raw => {
      const text = raw.toString();
      if (waiter !== null) {
        const isError = text.startsWith('{"type":"error"') || text.startsWith('{"type": "error"');
        const version = isError ? null : Number(/"version":(\d+)/.exec(text)?.[1]);
        if (isError || version > waiter.version) { const w = waiter; waiter = null; w.resolve(!isError); }
      }
      latest = text;
      pump();
    });
    ws.on("error", finish);
    ws.on("close", () => { if (waiter) waiter.resolve(false); finish(); });
  });
}

async function slot(first, head) {
  if (head === 0) headStartDone();
  while (now() < stop) {
    const r = await request("POST", "/api/games", { game, seats: Array(players).fill("human") });
    const made = JSON.parse(r.body.toString());
    const pace = { next: Math.max(first, now()) };
    const skip = { left: head };
    first = 0; head = 0;
    await Promise.all(made.seats.map(s => playSeat(made.id, s.token, pace, skip)));
    if (skip.left > 0) headStartDone();  // the game ended inside its head start
  }
}

await Promise.all(Array.from({ length: games }, () =>
  slot(start + Math.random() * interval, Math.floor(Math.random() * headStart))));
const measured = samples.filter(([t]) => t >= from && t < stop);
const lats = measured.map(([, l]) => l).sort((a, b) => a - b);
const pct = q => lats.length ? Math.round(lats[Math.min(lats.length - 1, Math.floor(lats.length * q))] * 1e5) / 100 : null;
if (args.trace !== undefined) {
  const bySecond = new Map();
  for (const [t, l] of samples) {
    const sec = Math.floor(t - start);
    if (!bySecond.has(sec)) bySecond.set(sec, []);
    bySecond.get(sec).push(l);
  }
  for (const [sec, ls] of [...bySecond.entries()].sort((a, b) => a[0] - b[0])) {
    ls.sort((a, b) => a - b);
    const mark = sec + start >= from && sec + start < stop ? "*" : " ";
    console.error(`second ${String(sec).padStart(3)}${mark} ${String(ls.length).padStart(5)} actions, ` +
      `p50 ${(ls[ls.length >> 1] * 1000).toFixed(1).padStart(7)} ms, max ${(ls[ls.length - 1] * 1000).toFixed(1).padStart(7)} ms`);
  }
}
console.log(JSON.stringify({ game, live_games: games, offered_rate: rate, client: "node", via,
  actions: measured.length, accepted: accepted, warmup_seconds: Math.round((from - start) * 10) / 10,
  seconds: seconds, actions_per_second: Math.round(measured.length / seconds * 10) / 10,
  p50_ms: pct(0.5), p99_ms: pct(0.99), max_ms: pct(1), errors }));
agent.destroy();
process.exit(0);
