// Load generator for the Realms server, in Node.js so that the generator itself costs little CPU next
// to the server it measures. Same protocol as ../server_load.py: N game slots each keep one live game,
// every seat watches its WebSocket and plays a random legal action when it is to move (an HTTP POST, or with
// --via ws a message on its WebSocket), each game paced so
// the total offered load is --rate actions/s; a slot's first game plays a random head start at once.
// Prints one JSON object.
import http from "node:http";
import WebSocket from "ws";

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) =>
  (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const base = new URL(args.base);
const games = Number(args.games ?? 200), rate = Number(args.rate ?? 1000), seconds = Number(args.seconds ?? 40);
const warmup = Number(args.warmup ?? 8), game = args.game ?? "kingdomino", players = Number(args.players ?? 2);
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
    if (data) req.write(data);
    req.end();
  });
}

const start = performance.now() / 1000;
const stop = start + seconds;
const interval = rate > 0 ? games / rate : 0;
const samples = [];
let accepted = 0;
const now = () => performance.now() / 1000;
const sleep = s => new Promise(r => setTimeout(r, Math.max(0, s * 1000)));

function playSeat(gid, token, pace, skip) {
  // `latest` holds the newest push not handled yet: pushes that arrive while this seat is busy acting are
  // kept, not dropped (a seat often moves twice in a row, and its push can beat the POST's answer)
  return new Promise(resolve => {
    const ws = new WebSocket(`ws://${base.host}/ws/games/${gid}?token=${token}`, { perMessageDeflate: false });
    let latest = null, busy = false, waiter = null, done = false;
    const finish = () => { if (done) return; done = true; try { ws.close(); } catch {} resolve(); };
    const timer = setTimeout(finish, Math.max(0, (stop - now()) * 1000));
    async function pump() {
      while (latest !== null && !busy && !done) {
        const text = latest;
        latest = null;
        if (text.includes('"finished":true')) { clearTimeout(timer); finish(); return; }
        if (text.includes('"legal_actions":[]')) continue;
        const msg = JSON.parse(text);
        if (msg.type !== "update" || !msg.legal_actions.length) continue;
        busy = true;
        const action = msg.legal_actions[Math.floor(Math.random() * msg.legal_actions.length)].action;
        if (skip.left > 0) skip.left -= 1;
        else {
          await sleep(pace.next - now());
          pace.next = Math.max(pace.next + interval, now());
        }
        if (now() >= stop) { busy = false; return; }
        const t0 = now();
        try {
          if (via === "ws") {
            // the answer is the push of the next version on this socket (or an error message)
            const answered = new Promise(r => { waiter = { version: msg.version, resolve: r }; });
            ws.send(JSON.stringify({ type: "action", version: msg.version, action }));
            const ok = await answered;
            samples.push([t0, now() - t0]);
            if (ok) accepted += 1;
          } else {
            const r = await request("POST", `/api/games/${gid}/actions`, { token, version: msg.version, action });
            samples.push([t0, now() - t0]);
            if (r.status === 200) accepted += 1;
          }
        } catch { /* a closed connection: the next push retries */ }
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
    ws.on("close", () => { clearTimeout(timer); if (waiter) waiter.resolve(false); finish(); });
  });
}

async function slot(first, head) {
  while (now() < stop) {
    const r = await request("POST", "/api/games", { game, seats: Array(players).fill("human") });
    const made = JSON.parse(r.body.toString());
    const pace = { next: Math.max(first, now()) };
    const skip = { left: head };
    first = 0; head = 0;
    await Promise.all(made.seats.map(s => playSeat(made.id, s.token, pace, skip)));
  }
}

await Promise.all(Array.from({ length: games }, () =>
  slot(start + Math.random() * interval, Math.floor(Math.random() * headStart))));
const elapsed = now() - start;
if (args.trace !== undefined) {  // latency second by second, to see bursts and stalls
  const bySecond = new Map();
  for (const [t, l] of samples) {
    const sec = Math.floor(t - start);
    if (!bySecond.has(sec)) bySecond.set(sec, []);
    bySecond.get(sec).push(l);
  }
  for (const [sec, lats] of [...bySecond.entries()].sort((a, b) => a[0] - b[0])) {
    lats.sort((a, b) => a - b);
    console.error(`second ${String(sec).padStart(3)}: ${String(lats.length).padStart(5)} actions, ` +
      `p50 ${(lats[lats.length >> 1] * 1000).toFixed(1).padStart(7)} ms, max ${(lats[lats.length - 1] * 1000).toFixed(1).padStart(7)} ms`);
  }
}
const steady = samples.filter(([t]) => t - start >= warmup).map(([, l]) => l).sort((a, b) => a - b);
const times = samples.filter(([t]) => t - start >= warmup).map(([t]) => t);
const span = times.length > 1 ? Math.max(...times) - Math.min(...times) : elapsed;
const pct = q => steady.length ? Math.round(steady[Math.min(steady.length - 1, Math.floor(steady.length * q))] * 1e5) / 100 : null;
console.log(JSON.stringify({ game, live_games: games, offered_rate: rate, client: "node", via, actions: accepted,
  seconds: Math.round(elapsed * 100) / 100, actions_per_second: Math.round(times.length / span * 10) / 10,
  warmup_seconds: warmup, p50_ms: pct(0.5), p99_ms: pct(0.99), max_ms: pct(1) }));
agent.destroy();
process.exit(0);
