// WCAG 2 contrast of every visible text node against what is behind it, in the page as drawn: the text colour
// (with the opacity of its element and ancestors) over the first opaque background colour up the tree.
// Returns the texts under `min` (4.5 for normal text; 3 for large: 24px, or 18.66px bold). Skips disabled
// controls (WCAG exempts them), transparent text and SVG (its fills are not CSS backgrounds).
(min) => {
  const parse = c => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const blend = (fg, bg, a) => [0, 1, 2].map(i => fg[i] * a + bg[i] * (1 - a));
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255];
    for (const c of layers.reverse()) bg = blend(c, bg, c[3]);
    return bg;
  }
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest("svg") || el.closest("[hidden]") || el.closest(".sr-only") || el.closest("option")) continue;
    if (el.closest("button:disabled, input:disabled, select:disabled")) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const st = getComputedStyle(el);
    if (st.visibility === "hidden" || st.display === "none") continue;
    const fg = parse(st.color);
    if (!fg || fg[3] === 0) continue;
    let alpha = fg[3];
    for (let e = el; e; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
    const bg = background(el);
    const shown = blend(fg, bg, alpha);
    const [a, b] = [lum(shown), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(st.fontSize), bold = Number(st.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : min;
    if (ratio < need) bad.push({ text: text.slice(0, 40), ratio: Math.round(ratio * 100) / 100, color: st.color, cls: el.className || el.tagName });
  }
  return bad;
}
