// The jdkmatrix explorer: a site's figures over their nights, and a night's every cell, drawn in
// the browser with uPlot from the data scripts jdkmatrix writes (explore/site.js, explore-night.js:
// JSON, gzipped, base64). Every text of the data reaches the page through textContent, never as HTML.
// The pure parts (decode, figures, filters, the URL's state, levels) are exported for node --test.
'use strict';

const jdkmatrixExplorer = (() => {
  // ---- the data ----

  /** JSON from a data script's base64 of gzip, with the browser's (or node's) own DecompressionStream. */
  async function decode(b64) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return JSON.parse(await new Response(stream).text());
  }

  /** The data scripts pushed so far, by kind ("site", "night"), decoded; the queue emptied. */
  async function drain(queue) {
    const out = {};
    for (const [kind, b64] of queue.splice(0)) out[kind] = await decode(b64);
    return out;
  }

  /** A cell's axes as a map, from the data's axis names and the cell's values. */
  function axesOf(axes, values) {
    const m = {};
    axes.forEach((a, i) => { if (values && values[i] !== undefined && values[i] !== '') m[a] = values[i]; });
    return m;
  }

  /**
   * Every figure of a site: one per series. The index names each series' chunk (k) and its nights come
   * with the chunk (fill), loaded when one of its figures is drawn; a series that holds its nights
   * (n, v, lo, hi, ch) has them at once.
   */
  function figuresOfSite(site) {
    const cells = site.cells.id.map((id, i) => ({ id, axes: axesOf(site.axes, site.cells.ax[i]) }));
    const chunk = site.chunk || site.series.length || 1;
    return site.series.map((s, i) => {
      const a = cells[s.a];
      const b = s.b >= 0 ? cells[s.b] : null;
      const f = figure(s.fleet, a, b, s.cmp, s.u, s.hb === 1, null, null);
      f.chunk = s.k === undefined ? 0 : s.k;
      f.pos = i % chunk;
      if (s.n) nightsInto(f, s);
      return f;
    });
  }

  /** A series' nights and changes, as a chunk (or an index that holds them) gives them, into its figure. */
  function nightsInto(f, s) {
    f.points = s.n.map((night, i) => ({ night, v: s.v[i], lo: s.lo[i], hi: s.hi[i] }));
    f.changes = s.ch.map((c) => ({ after: c[0], before: c[1], ratio: c[2], lo: c[3], hi: c[4], status: c[5],
      p: c[6], regression: c[7] === 1, tonight: c[8] === 1, what: c[9] }));
  }

  /** A chunk's series into the figures of chunk k. */
  function fill(figures, k, data) {
    for (const f of figures) if (f.chunk === k && !f.points) nightsInto(f, data.series[f.pos]);
  }

  /** Every figure of one night: each cell's figure and each comparison's ratio, one point each (the night's index). */
  function figuresOfNight(night, index) {
    const c = night.cells;
    const cells = c.id.map((id, i) => ({ id, axes: axesOf(night.axes, c.ax[i]) }));
    const out = cells.map((cell, i) => figure('', cell, null, '', c.u[i], c.hb[i] === 1,
      [{ night: index, v: c.v[i], lo: c.lo[i], hi: c.hi[i] }], [], { n: c.n[i], failed: c.failed[i] }));
    const p = night.pairs;
    (p.a || []).forEach((a, i) => out.push(figure('', cells[a], cells[p.b[i]], p.cmp[i], 'x', c.hb[a] === 1,
      [{ night: index, v: p.r[i], lo: p.lo[i], hi: p.hi[i] }], [], { answer: p.answer ? p.answer[i] : undefined, n: p.n[i], verdict: p.verdict[i], note: p.note[i], steady: p.steady[i], level: p.lvl[i] })));
    return out;
  }

  function figure(fleet, a, b, compared, unit, higherIsBetter, points, changes, extra) {
    const label = b ? compared + ': ' + a.id + ' vs ' + b.id : a.id;
    const facets = {};
    for (const cell of b ? [a, b] : [a]) {
      for (const [k, v] of Object.entries(cell.axes)) (facets[k] = facets[k] || new Set()).add(v);
    }
    facets.figure = new Set([b ? 'comparison' : 'cell']);
    if (b && compared) facets.compared = new Set([compared]);
    if (fleet) facets.runner = new Set([fleet]);
    return { fleet, a, b, compared, unit, higherIsBetter, points, changes, label, facets, extra: extra || {},
      text: (label + ' ' + fleet + ' ' + unit).toLowerCase() };
  }

  /** The key a URL names a figure by. */
  function keyOf(f) {
    return { fleet: f.fleet, fig: f.a.id, vs: f.b ? f.b.id : '' };
  }

  // ---- picking ----

  /** The axes a picker offers: those on which the figures differ, with their values in order. */
  function facets(figures) {
    const values = {};
    for (const f of figures) for (const [k, set] of Object.entries(f.facets)) for (const v of set) (values[k] = values[k] || new Set()).add(v);
    const out = {};
    for (const [k, set] of Object.entries(values)) {
      if (set.size > 1) out[k] = [...set].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
    }
    return out;
  }

  /** Whether a figure matches the picked values of each axis and the text. */
  function matches(f, picked, text) {
    for (const [k, v] of Object.entries(picked)) if (v && !(f.facets[k] && f.facets[k].has(v))) return false;
    if (text) for (const word of text.toLowerCase().split(/\s+/)) if (word && !f.text.includes(word)) return false;
    return true;
  }

  // ---- the URL's state ----

  /** The selection a URL's hash holds: view, figure (fleet, fig, vs), night, the picked axes (a.AXIS), the text (q). */
  function readHash(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const state = { view: p.get('view') || '', fleet: p.get('fleet') || '', fig: p.get('fig') || '', vs: p.get('vs') || '',
      night: p.get('night') || '', q: p.get('q') || '', picked: {}, bench: Number(p.get('bench') || 0) };
    for (const [k, v] of p) if (k.startsWith('a.')) state.picked[k.slice(2)] = v;
    return state;
  }

  function writeHash(state) {
    const p = new URLSearchParams();
    for (const k of ['view', 'fleet', 'fig', 'vs', 'night', 'q']) if (state[k]) p.set(k, state[k]);
    for (const [k, v] of Object.entries(state.picked)) if (v) p.set('a.' + k, v);
    return '#' + p.toString();
  }

  // ---- levels ----

  /** Each point's level: the geometric mean of its segment between the change points (a change's first night after it starts one). */
  function levels(points, changes) {
    const starts = new Set(changes.map((c) => c.after));
    const out = new Array(points.length);
    let from = 0;
    const close = (to) => {
      let sum = 0;
      let n = 0;
      for (let i = from; i < to; i++) if (points[i].v > 0) { sum += Math.log(points[i].v); n++; }
      for (let i = from; i < to; i++) out[i] = n ? Math.exp(sum / n) : null;
      from = to;
    };
    points.forEach((p, i) => { if (i > 0 && starts.has(p.night)) close(i); });
    close(points.length);
    return out;
  }

  // ---- the page ----

  const page = { site: null, nights: [], figures: [], nightFigures: null, state: null, plot: null, shown: [], pinned: null, drawnAt: 0, loaded: {} };

  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }

  function $(id) {
    return document.getElementById(id);
  }

  function status(text) {
    $('status').textContent = text;
  }

  function nightsOf(site) {
    const n = site.nights;
    return n.f.map((folder, i) => ({ index: i, folder, id: n.id[i], started: n.started[i], fleet: n.fleet[i], runner: n.runner[i],
      machine: n.machine[i], harness: n.harness[i], repo: n.repo[i], gh: n.gh[i], commit: n.commit[i], jdks: n.jdks[i],
      gallery: n.gallery[i] === 1, profiles: n.profiles[i] === 1, hasNight: n.night[i] === 1 }));
  }

  async function start() {
    const t0 = performance.now();
    const data = await drain(self.jdkmatrixExplore || []);
    page.state = readHash(location.hash);
    if (data.site) {
      page.site = data.site;
      page.nights = nightsOf(data.site);
      page.figures = figuresOfSite(data.site);
    }
    if (data.night) {
      const run = data.night.run;
      page.night = data.night;
      if (!page.site) page.nights = [{ index: 0, folder: '.', id: run.id, started: run.started, fleet: '', runner: run.runner, machine: run.machine,
        harness: run.harness, repo: run.repo, gh: run.gh, commit: run.commit, jdks: run.jdks, gallery: true, profiles: run.profiles === 1, hasNight: true }];
    }
    if (!page.site && !page.night) {
      status('No data next to this page (explore/site.js or explore-night.js): write it with jdkmatrix report or index.');
      return;
    }
    views();
    if (!page.state.view) page.state.view = page.site ? 'history' : 'night';
    await show();
    // from the navigation's start: the page, uPlot and the data scripts loaded, the data decoded, the first chart drawn
    document.body.dataset.firstChartMs = String(Math.round(performance.now()));
    document.body.dataset.startMs = String(Math.round(performance.now() - t0));
    if (page.state.bench > 0) await bench(page.state.bench);
    document.body.dataset.ready = '1';
    window.addEventListener('hashchange', () => { page.state = readHash(location.hash); show(); });
  }

  function views() {
    const v = $('views');
    const add = (name, text) => {
      const b = el('button', text, { type: 'button', 'data-view': name });
      b.addEventListener('click', () => { page.state.view = name; page.state.fig = ''; page.state.vs = ''; commit(); });
      v.append(b);
    };
    if (page.site) add('history', 'Figures over nights');
    add('night', 'A night: JDK against JDK');
  }

  function commit() {
    const hash = writeHash(page.state);
    if (location.hash !== hash) history.replaceState(null, '', hash);
    return show();
  }

  async function show() {
    for (const b of document.querySelectorAll('#views button')) b.setAttribute('aria-pressed', String(b.dataset.view === page.state.view));
    if (page.state.view === 'night') {
      await nightFigures();
      picker(page.nightFigures.filter((f) => f.b), true);
      drawNight();
    } else {
      picker(page.figures, false);
      await drawHistory();
    }
  }

  /** The figures of the night the state names (the newest where it names none): its data script, or the site's series at that night. */
  async function nightFigures() {
    const night = pickedNight();
    if (page.nightFigures && page.nightFigures.night === night.index) return;
    let data = null;
    if (!page.site) data = page.night;
    else if (night.hasNight) data = await loadNight(night.folder);
    let figures;
    if (data) figures = figuresOfNight(data, night.index);
    else {
      for (const f of page.figures) await ensure(f); // a chunk at a time: the first figure of each loads it
      figures = page.figures.map((f) => {
        const p = f.points.find((q) => q.night === night.index);
        return p ? Object.assign({}, f, { points: [p] }) : null;
      }).filter((f) => f);
    }
    figures.night = night.index;
    figures.own = !!data;
    figures.suites = data && Array.isArray(data.suites) ? data.suites : [];
    page.nightFigures = figures;
  }

  function pickedNight() {
    const named = page.nights.find((n) => n.folder === page.state.night);
    return named || page.nights[page.nights.length - 1];
  }

  /** A figure's nights: its chunk's script loaded where they are not here yet. */
  async function ensure(f) {
    if (f.points || !page.site) return;
    await loadScript('explore/series-' + f.chunk + '.js', 'series:' + f.chunk).then((data) => {
      if (data) fill(page.figures, f.chunk, data);
    });
    if (!f.points) f.points = [];
    if (!f.changes) f.changes = [];
  }

  /** A data script loaded and its data of {@code kind} decoded; null where there is none. Scripts loaded at once each push onto the one queue. */
  function loadScript(src, kind) {
    return new Promise((resolve) => {
      const s = el('script', null, { src });
      s.onload = async () => {
        Object.assign(page.loaded, await drain(self.jdkmatrixExplore || []));
        const data = page.loaded[kind] || null;
        delete page.loaded[kind];
        resolve(data);
      };
      s.onerror = () => resolve(null);
      document.body.append(s);
    });
  }

  function loadNight(folder) {
    return loadScript(encodeURIComponent(folder) + '/explore-night.js', 'night');
  }

  function picker(figures, night) {
    const all = facets(figures);
    const box = $('filters');
    box.replaceChildren();
    if (night && page.nights.length > 1) {
      const label = el('label', 'night');
      const select = el('select');
      for (const n of [...page.nights].reverse()) select.append(el('option', n.started.slice(0, 16).replace('T', ' ') + ' ' + n.folder, { value: n.folder }));
      select.value = pickedNight().folder;
      select.addEventListener('change', () => { page.state.night = select.value; commit(); });
      label.append(select);
      box.append(label);
    }
    for (const [axis, values] of Object.entries(all)) {
      const label = el('label', axis);
      const select = el('select', null, { 'data-axis': axis });
      select.append(el('option', 'any', { value: '' }));
      for (const v of values) select.append(el('option', v, { value: v }));
      select.value = page.state.picked[axis] || '';
      select.addEventListener('change', () => { page.state.picked[axis] = select.value; commit(); });
      label.append(select);
      box.append(label);
    }
    const search = $('search');
    search.value = page.state.q;
    search.oninput = () => { page.state.q = search.value; commit(); };
    page.shown = figures.filter((f) => matches(f, page.state.picked, page.state.q));
    $('count').textContent = page.shown.length + ' of ' + figures.length + (night ? ' comparisons of this night' : ' figures')
      + (page.shown.length > 400 ? '; the first 400 listed' : '');
    const list = $('figures');
    list.replaceChildren();
    for (const f of page.shown.slice(0, 400)) {
      const li = el('li', (f.fleet && !night ? '[' + f.fleet + '] ' : '') + f.label, { 'aria-selected': String(isPicked(f)) });
      li.addEventListener('click', () => pick(f));
      list.append(li);
    }
  }

  function isPicked(f) {
    const k = keyOf(f);
    return k.fig === page.state.fig && k.vs === page.state.vs && (!k.fleet || k.fleet === page.state.fleet);
  }

  function pick(f) {
    const k = keyOf(f);
    page.state.fig = k.fig;
    page.state.vs = k.vs;
    page.state.fleet = k.fleet;
    page.pinned = null;
    return commit();
  }

  function chartSize() {
    const w = Math.max(480, $('view').clientWidth - 10);
    return { width: w, height: Math.round(Math.min(520, w * 0.55)) };
  }

  function replacePlot(opts, data) {
    if (page.plot) page.plot.destroy();
    $('chart').replaceChildren();
    page.plot = new uPlot(opts, data, $('chart'));
  }

  // ---- a figure over its nights ----

  async function drawHistory() {
    const f = page.shown.find(isPicked) || page.shown[0];
    if (!f) {
      status('No figure matches the picked values.');
      return;
    }
    await ensure(f);
    const k = keyOf(f);
    Object.assign(page.state, { fig: k.fig, vs: k.vs, fleet: k.fleet });
    history.replaceState(null, '', writeHash(page.state));
    for (const li of document.querySelectorAll('#figures li')) li.setAttribute('aria-selected', 'false');
    const lv = levels(f.points, f.changes);
    const xs = f.points.map((p) => Date.parse(page.nights[p.night].started) / 1000);
    const data = [xs, f.points.map((p) => p.v), f.points.map((p) => p.lo), f.points.map((p) => p.hi), lv];
    const better = f.higherIsBetter ? 'higher is better' : 'lower is better';
    $('title').textContent = f.label;
    $('subtitle').textContent = (f.fleet ? 'runner ' + f.fleet + '; ' : '') + f.points.length + ' night(s); ' + (f.b ? 'paired ratio b / a' : 'median, ' + f.unit)
      + ', ' + better + '; the band is each night\'s interval, the dashed line the level between change points; ' + f.changes.length + ' change(s)';
    const changeX = f.changes.map((c) => ({ x: Date.parse(page.nights[c.after].started) / 1000, c }));
    const size = chartSize();
    const opts = {
      width: size.width, height: size.height,
      scales: { x: { time: true } },
      axes: [{}, { label: f.b ? 'ratio (b / a)' : f.unit, size: 70 }],
      series: [
        { label: 'night' },
        // greys, as the gallery draws what is no JDK and no executor: no JDK's colour reads as a figure here
        { label: f.b ? 'ratio' : 'median', stroke: '#3a3a3a', width: 1.5, points: { show: true, size: 5 } },
        { label: 'low', stroke: 'rgba(58,58,58,0.25)', width: 1 },
        { label: 'high', stroke: 'rgba(58,58,58,0.25)', width: 1 },
        { label: 'level', stroke: '#888', dash: [6, 4], width: 1.5, points: { show: false }, paths: uPlot.paths.stepped({ align: 1 }) },
      ],
      bands: [{ series: [3, 2], fill: 'rgba(58,58,58,0.12)' }],
      cursor: { drag: { x: true, y: false } },
      hooks: {
        draw: [(u) => markChanges(u, changeX)],
        setCursor: [(u) => { if (page.pinned === null && u.cursor.idx != null) details(f, u.cursor.idx); }],
      },
    };
    replacePlot(opts, data);
    tools(f, xs);
    page.plot.over.addEventListener('click', () => { if (page.plot.cursor.idx != null) { page.pinned = page.plot.cursor.idx; details(f, page.pinned); } });
    page.plot.over.addEventListener('wheel', (e) => zoom(e, xs), { passive: false });
    page.drawnFigure = f;
    details(f, page.pinned !== null && page.pinned < f.points.length ? page.pinned : f.points.length - 1);
    drawn(f, f.points.length);
  }

  /** Where point i of the chart drawn is on the page (client pixels), for a test's or a benchmark's real mouse. */
  function pointAt(i) {
    const u = page.plot;
    if (!u || !u.data[0] || u.data[0][i] === undefined) return null;
    const r = u.over.getBoundingClientRect();
    return { x: r.left + u.valToPos(u.data[0][i], 'x'), y: r.top + u.valToPos(u.data[1][i], 'y') };
  }

  /** Pins point i of the figure drawn (as a click on it does). */
  function pin(i) {
    if (!page.drawnFigure || !page.drawnFigure.points[i]) return false;
    page.pinned = i;
    details(page.drawnFigure, i);
    return true;
  }

  function markChanges(u, changeX) {
    const ctx = u.ctx;
    ctx.save();
    for (const { x, c } of changeX) {
      const px = Math.round(u.valToPos(x, 'x', true));
      ctx.strokeStyle = c.regression ? '#b00020' : '#176b2c';
      ctx.setLineDash(c.status === 'confirmed' ? [] : [4, 4]);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(px, u.bbox.top);
      ctx.lineTo(px, u.bbox.top + u.bbox.height);
      ctx.stroke();
    }
    ctx.restore();
  }

  /** The wheel zooms the nights around the cursor; with shift it pans. */
  function zoom(e, xs) {
    e.preventDefault();
    const u = page.plot;
    const { min, max } = u.scales.x;
    const span = max - min;
    if (e.shiftKey) {
      const shift = span * 0.1 * Math.sign(e.deltaY || e.deltaX);
      u.setScale('x', { min: min + shift, max: max + shift });
      return;
    }
    const at = u.posToVal(e.offsetX, 'x');
    const factor = e.deltaY < 0 ? 0.8 : 1.25;
    const lo = at - (at - min) * factor;
    const hi = at + (max - at) * factor;
    u.setScale('x', { min: Math.max(lo, xs[0] - span), max: Math.min(hi, xs[xs.length - 1] + span) });
  }

  function tools(f, xs) {
    const t = $('tools');
    t.replaceChildren();
    const button = (text, fn) => { const b = el('button', text, { type: 'button' }); b.addEventListener('click', fn); t.append(b); };
    const pan = (dir) => () => { const { min, max } = page.plot.scales.x; const s = (max - min) * 0.25 * dir; page.plot.setScale('x', { min: min + s, max: max + s }); };
    button('<- earlier', pan(-1));
    button('later ->', pan(1));
    button('all nights', () => page.plot.setScale('x', { min: xs[0], max: xs[xs.length - 1] }));
    t.append(el('span', ' drag across the chart to zoom into nights, the wheel zooms, shift and the wheel pan; a click pins a night', { class: 'hint' }));
  }

  /** What the chart's point at {@code i} is: its night, run, JDK builds, machine, what changed, and links. */
  function details(f, i) {
    const box = $('details');
    box.replaceChildren();
    const p = f.points[i];
    if (!p) return;
    const n = page.nights[p.night];
    const { dl, row } = facts();
    row('night', (n.started || '').replace('T', ' ').slice(0, 19) + ' UTC' + (page.pinned === i ? ' (pinned)' : ''));
    row(f.b ? 'ratio' : 'median', fmt(p.v) + ' ' + (f.b ? 'x' : f.unit) + '  [' + fmt(p.lo) + ', ' + fmt(p.hi) + ']');
    for (const [k, v] of Object.entries(f.extra)) row(k, v);
    row('run id', n.id);
    row('folder', n.folder);
    row('JDK builds', n.jdks);
    row('machine', n.machine);
    row('runner', n.runner);
    row('harness commit', n.harness);
    if (n.commit) row('repository', n.repo + ' at ' + n.commit.slice(0, 12));
    const change = f.changes.find((c) => c.after === p.night);
    if (change) {
      const dd = el('dd', (change.regression ? 'regression ' : 'change ') + fmt(change.ratio) + 'x [' + fmt(change.lo) + ', ' + fmt(change.hi) + '], '
        + change.status + ', p ' + fmt(change.p) + (change.tonight ? ', new tonight' : '') + '; ' + change.what,
      { class: change.regression ? 'regression' : 'improvement' });
      dl.append(el('dt', 'change here'), dd);
    }
    box.append(dl);
    const links = el('p');
    const link = (text, href) => { const a = el('a', text, { href }); links.append(a, ' '); };
    const base = n.folder === '.' ? '' : encodeURIComponent(n.folder) + '/';
    if (n.gallery) link('this night\'s gallery', base + 'index.html');
    if (n.gallery && n.profiles) link('its flame graphs', base + 'index.html#profiles');
    if (page.site) link('every cell of this night', writeHash(Object.assign({}, page.state, { view: 'night', night: n.folder, fig: '', vs: '' })));
    const before = i > 0 ? page.nights[f.points[i - 1].night] : null;
    if (before && n.gh && before.gh === n.gh && before.commit && n.commit && before.commit !== n.commit) {
      link('the commits since the night before', 'https://github.com/' + n.gh + '/compare/' + before.commit + '...' + n.commit);
    }
    box.append(links);
  }

  /** A list of facts, and how to add one (left out where it has no value), each through textContent. */
  function facts() {
    const dl = el('dl');
    const row = (k, v) => { if (v !== undefined && v !== null && v !== '') dl.append(el('dt', k), el('dd', v)); };
    return { dl, row };
  }

  function fmt(v) {
    if (v === null || v === undefined || Number.isNaN(v)) return '-';
    return Math.abs(v) >= 100 ? v.toFixed(1) : Number(v.toPrecision(4)).toString();
  }

  // ---- a night: JDK against JDK ----

  function drawNight() {
    const night = pickedNight();
    const pairs = page.shown.filter((f) => f.b && f.points[0] && f.points[0].v > 0);
    $('title').textContent = 'Night ' + (night.started || '').slice(0, 16).replace('T', ' ') + ': every comparison';
    $('subtitle').textContent = pairs.length + ' comparison(s), grouped by what they compare, the largest moves first; each bar is the ratio b / a '
      + 'with its interval on its group\'s log scale (the dashed line: 1x), its answer in words beside it; a click opens its nights'
      + (page.nightFigures.own ? '' : '. This night has no data of its own (explore-night.js: published by an earlier version, or removed):'
        + ' drawn from the site\'s series at this night, without verdicts');
    $('tools').replaceChildren();
    if (page.plot) page.plot.destroy();
    page.plot = null;
    const box = $('chart');
    box.replaceChildren();
    if (!pairs.length) {
      $('details').replaceChildren();
      status('This night has no comparison among the picked figures.');
      drawn(null, 0);
      return;
    }
    const suites = page.nightFigures.suites || [];
    if (suites.length) {
      // each suite's verdict first, in the gallery's words: what a choice did across its benchmarks
      const section = el('section', null, { class: 'suites' });
      section.append(el('h3', 'Suites (' + suites.length + ')'));
      const list = el('ul');
      for (const words of suites) list.append(el('li', words));
      section.append(list);
      box.append(section);
    }
    const groups = new Map();
    for (const f of pairs) {
      if (!groups.has(f.compared)) groups.set(f.compared, []);
      groups.get(f.compared).push(f);
    }
    const size = (f) => Math.abs(Math.log(f.points[0].v));
    [...groups.entries()].sort((x, y) => y[1].length - x[1].length).forEach(([compared, list]) => {
      list.sort((x, y) => size(y) - size(x));
      box.append(nightGroup(compared, list));
    });
    nightDetails(pairs.reduce((a, b) => (size(b) > size(a) ? b : a)));
    drawn(null, pairs.length);
  }

  /** The rows of one group shown before "show all": a group of 3,000 opens on its largest moves. */
  const GROUP_ROWS = 40;

  /** One group of a night's comparisons: its heading, its scale, and a row per comparison (the first GROUP_ROWS, then a button for the rest). */
  function nightGroup(compared, list) {
    const section = el('section', null, { class: 'group' });
    section.append(el('h3', compared + ' (' + list.length + ')'));
    const scale = groupScale(list);
    section.append(scaleRow(scale));
    const rows = el('div', null, { class: 'rows' });
    const add = (from, to) => { for (const f of list.slice(from, to)) rows.append(nightRow(f, scale)); };
    add(0, GROUP_ROWS);
    section.append(rows);
    if (list.length > GROUP_ROWS) {
      const more = el('button', 'show all ' + list.length);
      more.addEventListener('click', () => { add(GROUP_ROWS, list.length); more.remove(); });
      section.append(more);
    }
    return section;
  }

  /** A group's log scale: its intervals' ends and 1x, with room around them. */
  function groupScale(list) {
    let lo = 1;
    let hi = 1;
    for (const f of list) {
      const p = f.points[0];
      lo = Math.min(lo, p.lo > 0 ? p.lo : p.v);
      hi = Math.max(hi, p.hi > 0 ? p.hi : p.v);
    }
    lo /= 1.03;
    hi *= 1.03;
    const share = (v) => 100 * (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo));
    return { lo, hi, share, at: (v) => share(v).toFixed(2) + '%' };
  }

  /** The scale's ticks above a group's rows: its ends and 1x. */
  function scaleRow(scale) {
    const row = el('div', null, { class: 'row scale' });
    row.append(el('span', 'b / a', { class: 'where' }));
    const bar = el('span', null, { class: 'bar' });
    for (const v of [scale.lo, 1, scale.hi]) {
      if (v !== 1 && Math.abs(scale.share(v) - scale.share(1)) < 30) continue; // an end beside 1x would overwrite its label
      const t = el('span', Number(v.toPrecision(3)) + 'x', { class: 'tick' });
      t.style.left = scale.at(v);
      t.style.transform = v === scale.lo ? 'none' : v === scale.hi ? 'translateX(-100%)' : 'translateX(-50%)'; // the ends inside the bar
      bar.append(t);
    }
    row.append(bar, el('span', 'the answer', { class: 'answer' }));
    return row;
  }

  /** One comparison: where it was made, its ratio and interval on the group's scale, its answer in words; the mouse shows its details, a click its nights. */
  function nightRow(f, scale) {
    const p = f.points[0];
    const verdict = f.extra.verdict || '';
    const row = el('div', null, { class: 'row ' + verdict });
    row.append(el('span', where(f), { class: 'where', title: f.a.id + ' vs ' + f.b.id }));
    const bar = el('span', null, { class: 'bar' });
    const one = el('span', null, { class: 'one' });
    one.style.left = scale.at(1);
    bar.append(one);
    if (p.lo > 0 && p.hi > 0) {
      const ci = el('span', null, { class: 'ci' });
      ci.style.left = scale.at(p.lo);
      ci.style.width = 'calc(' + scale.at(p.hi) + ' - ' + scale.at(p.lo) + ')';
      bar.append(ci);
    }
    const dot = el('span', null, { class: 'dot' });
    dot.style.left = scale.at(p.v);
    bar.append(dot);
    row.append(bar, el('span', f.extra.answer || fmt(p.v) + 'x [' + fmt(p.lo) + ', ' + fmt(p.hi) + ']', { class: 'answer' }));
    row.addEventListener('mouseenter', () => nightDetails(f));
    row.addEventListener('click', () => {
      if (!page.site) return;
      page.state.view = 'history';
      const k = keyOf(f);
      Object.assign(page.state, { fig: k.fig, vs: k.vs, fleet: page.nights[p.night].fleet });
      commit();
    });
    return row;
  }

  /** Where a comparison was made: cell a's id without the values it is compared on (as the gallery says it). */
  function where(f) {
    let id = ' ' + f.a.id + ' ';
    for (const part of (f.compared || '').split('; ')) {
      const m = /^(\S+) (.*) -> (.*)$/.exec(part);
      if (!m) continue;
      const token = { jdk: 'jdk=' + m[2], cpus: 'cpus=' + m[2], 'cpu-mode': 'cpu-mode=' + m[2], memory: 'mem=' + m[2], executor: m[2] }[m[1]];
      if (token) id = id.replace(' ' + token + ' ', ' ');
    }
    return id.trim();
  }

  function nightDetails(f) {
    const box = $('details');
    box.replaceChildren();
    const { dl, row } = facts();
    const p = f.points[0];
    row('compared', f.compared);
    row('a', f.a.id);
    row('b', f.b.id);
    row('ratio b / a', fmt(p.v) + 'x [' + fmt(p.lo) + ', ' + fmt(p.hi) + ']');
    for (const [k, v] of Object.entries(f.extra)) row(k, v);
    box.append(dl);
  }

  function drawn(f, points) {
    page.drawnAt = performance.now();
    document.body.dataset.drawn = f ? f.label : 'night';
    document.body.dataset.points = String(points);
    document.body.dataset.view = page.state.view;
    status((page.site ? page.figures.length + ' figures over ' + page.nights.length + ' nights' : 'one night') + '; drawn: '
      + (f ? f.label : 'the night\'s comparisons') + ' (' + points + ' points)');
  }

  /** Picks the next n figures one after the other, each drawn before the next; the median time from a pick to its chart drawn. */
  async function bench(n) {
    const times = [];
    for (let i = 0; i < n && page.shown.length > 1; i++) {
      const f = page.shown[(i + 1) % page.shown.length];
      const t = performance.now();
      await pick(f);
      await new Promise((r) => requestAnimationFrame(() => r()));
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    document.body.dataset.redrawMs = times.length ? String(Math.round(times[Math.floor(times.length / 2)])) : '';
    document.body.dataset.redrawMaxMs = times.length ? String(Math.round(times[times.length - 1])) : '';
  }

  return { start, pin, pointAt, decode, drain, figuresOfSite, fill, figuresOfNight, facets, matches, readHash, writeHash, levels, keyOf };
})();

if (typeof module !== 'undefined') module.exports = jdkmatrixExplorer;
