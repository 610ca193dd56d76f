/**
 * The layout rules of issue 33, measured inside the page (layout.test.ts runs it on every route at
 * three sizes). One function, no helpers outside it: it is sent to the browser as its source.
 * Each finding is one line: `<rule>: <what> <numbers>`.
 */
export function layoutFindings(): string[] {
  const out: string[] = [];
  const W = document.documentElement.clientWidth;
  const say = (el: Element) => {
    const h = el as HTMLElement;
    const text = (h.getAttribute('aria-label') || h.textContent || h.getAttribute('placeholder') || '').trim().replace(/\s+/g, ' ').slice(0, 24);
    const id = h.dataset?.testid ? `#${h.dataset.testid}` : '';
    return `${el.tagName.toLowerCase()}${id}「${text}」`;
  };
  const shown = (el: Element) => {
    if (el.closest('[aria-hidden="true"], [inert]')) return false;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 2 && r.height > 2 && el.checkVisibility({ opacityProperty: false });
  };
  const px = (n: number) => Math.round(n);

  // 1. the page itself never scrolls sideways
  const sw = document.documentElement.scrollWidth;
  if (sw > W + 1) out.push(`page overflow: ${sw}px wide in a ${W}px window`);

  // 2. every button, link and input can be seen where it is, or reached: clipped by a box that
  // does not scroll, by the window, or by a sideways scroll region that shows no sign of scrolling
  // (a table region built by shared/ui marks itself data-scroll-cue when it draws its scrollbar
  // and edge shadow). Vertical scrolling (the page, a dialog, a list) is taken as seen.
  const interactive = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="combobox"], [role="tab"]';
  for (const el of document.querySelectorAll(interactive)) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    let vis = { l: r.left, r: r.right, t: r.top, b: r.bottom };
    let why = '';
    // inside a sideways scroll that shows itself: the window's edge hides it no more than the region's
    let scrolled = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const pr = p.getBoundingClientRect();
      const left = pr.left + p.clientLeft;
      const top = pr.top + p.clientTop;
      const cutX = vis.l < left - 1 || vis.r > left + p.clientWidth + 1;
      const cutY = vis.t < top - 1 || vis.b > top + p.clientHeight + 1;
      const scrollsX = cs.overflowX === 'auto' || cs.overflowX === 'scroll';
      const scrollsY = cs.overflowY === 'auto' || cs.overflowY === 'scroll';
      if (scrollsX && p.hasAttribute('data-scroll-cue')) scrolled = true;
      if (cutX && !(scrollsX && p.hasAttribute('data-scroll-cue')))
        why ||= scrollsX ? `in a sideways scroll with no visible cue (${say(p)})` : `cut by ${say(p)}`;
      if (cutY && !scrollsY) why ||= `cut by ${say(p)}`;
      vis = { l: Math.max(vis.l, left), r: Math.min(vis.r, left + p.clientWidth), t: Math.max(vis.t, top), b: Math.min(vis.b, top + p.clientHeight) };
    }
    if (!scrolled && (r.right > W + 1 || r.left < -1)) why ||= 'outside the window';
    // a control more than a fifth out of sight counts (同意 half shown was issue 30's defect)
    const seen = (Math.max(0, vis.r - vis.l) * Math.max(0, vis.b - vis.t)) / (r.width * r.height);
    if (why && seen < 0.8) out.push(`out of reach: ${say(el)} at x ${px(r.left)}–${px(r.right)}, ${why}`);
  }

  // 3. no table cell's text broken into one character a line
  for (const cell of document.querySelectorAll('td, th, [role="cell"], [role="gridcell"], [role="columnheader"]')) {
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if ((n.textContent ?? '').replace(/\s+/g, '').length < 2 || !n.parentElement || !shown(n.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const lines = [...range.getClientRects()].filter((x) => x.width > 0);
      const fs = parseFloat(getComputedStyle(n.parentElement).fontSize);
      if (lines.length >= 2 && lines.every((x) => x.width < fs * 1.6)) {
        out.push(`one character a line: 「${(n.textContent ?? '').trim().slice(0, 16)}」 in ${lines.length} lines (${say(cell)})`);
        break;
      }
    }
  }

  // 4. form controls neither overlap each other nor stick out of their field or form
  const controlSel =
    '.fui-Input, .fui-Textarea, .fui-Select, .fui-Dropdown, .fui-Combobox, .fui-SpinButton, select, textarea, input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])';
  const all = [...document.querySelectorAll(controlSel)].filter(shown);
  const controls = all.filter((el) => !all.some((o) => o !== el && o.contains(el)));
  const label = (el: Element) => el.closest('.fui-Field')?.querySelector('label')?.textContent?.trim() || say(el);
  for (let i = 0; i < controls.length; i++) {
    const a = controls[i]!.getBoundingClientRect();
    for (let j = i + 1; j < controls.length; j++) {
      const b = controls[j]!.getBoundingClientRect();
      const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (ox > 1 && oy > 1)
        out.push(
          `controls overlap: ${label(controls[i]!)} (${px(a.left)}–${px(a.right)}) and ${label(controls[j]!)} (${px(b.left)}–${px(b.right)}) by ${px(ox)}px`,
        );
    }
    for (const box of [controls[i]!.closest('.fui-Field'), controls[i]!.closest('form, [role="dialog"], section')]) {
      if (!box) continue;
      const f = box.getBoundingClientRect();
      const past = Math.max(a.right - f.right, f.left - a.left);
      if (past > 1) {
        out.push(`control past its ${box.classList.contains('fui-Field') ? 'field' : 'form'}: ${label(controls[i]!)} by ${px(past)}px`);
        break;
      }
    }
  }

  // 5. chart text is 12 px or more and at most twice the body's size, as drawn (an SVG's viewBox
  // scales its text with the chart's width)
  const body = parseFloat(getComputedStyle(document.body).fontSize);
  const charts = new Set<Element>([...document.querySelectorAll('[data-chart]'), ...[...document.querySelectorAll('svg text')].map((x) => x.closest('svg')!)]);
  for (const chart of charts) {
    if (!shown(chart)) continue;
    let lo: [number, string] = [Infinity, ''];
    let hi: [number, string] = [0, ''];
    const texts = [...chart.querySelectorAll('text, tspan, span, div, p, li')].filter((t) =>
      [...t.childNodes].some((c) => c.nodeType === 3 && c.textContent!.trim()),
    );
    for (const t of texts) {
      if (!shown(t)) continue;
      let size = parseFloat(getComputedStyle(t).fontSize);
      if (t instanceof SVGGraphicsElement) {
        const m = t.getScreenCTM();
        if (m) size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      }
      const what = (t.textContent ?? '').trim().slice(0, 12);
      if (size < lo[0]) lo = [size, what];
      if (size > hi[0]) hi = [size, what];
    }
    const name = chart.closest('section[aria-label]')?.getAttribute('aria-label') ?? say(chart);
    if (lo[0] < 11.95) out.push(`chart text too small: ${name} 「${lo[1]}」 ${lo[0].toFixed(1)}px`);
    if (hi[0] > 2 * body + 0.05) out.push(`chart text too large: ${name} 「${hi[1]}」 ${hi[0].toFixed(1)}px (body ${body}px)`);
  }
  return out;
}
