// The explorer page's pure parts (harness/src/main/resources/dev/jdkmatrix/export/explore.js):
// node --test harness/src/test/js (make test runs it).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const zlib = require('node:zlib');
const explorer = require('../../main/resources/dev/jdkmatrix/export/explore.js');

const site = {
  v: 1,
  axes: ['workload', 'jdk', 'cpus'],
  nights: {},
  cells: { id: ['w jdk=21', 'w jdk=25'], ax: [['w', '21', '1'], ['w', '25', '1']] },
  series: [
    { fleet: 'CPUs 2', a: 0, b: -1, cmp: '', u: 'ms', hb: 0, n: [0, 1, 2, 3], v: [10, 10, 20, 20], lo: [9, 9, 19, 19], hi: [11, 11, 21, 21],
      ch: [[2, 1, 2.0, 1.9, 2.1, 'confirmed', 0.0001, 1, 1, 'jdk 21 build a -> b']] },
    { fleet: 'CPUs 2', a: 0, b: 1, cmp: 'jdk 21 -> 25', u: 'x', hb: 0, n: [0, 1], v: [0.9, 0.95], lo: [0.8, 0.9], hi: [1.0, 1.0], ch: [] },
  ],
};

test('a site\'s series become figures with their points, changes and facets', () => {
  const figures = explorer.figuresOfSite(site);
  assert.strictEqual(figures.length, 2);
  const [cell, pair] = figures;
  assert.strictEqual(cell.label, 'w jdk=21');
  assert.deepStrictEqual(cell.points.map((p) => p.v), [10, 10, 20, 20]);
  assert.strictEqual(cell.changes[0].after, 2);
  assert.strictEqual(cell.changes[0].regression, true);
  assert.strictEqual(pair.label, 'jdk 21 -> 25: w jdk=21 vs w jdk=25');
  assert.deepStrictEqual([...pair.facets.jdk].sort(), ['21', '25']);
  assert.deepStrictEqual([...pair.facets.figure], ['comparison']);
  assert.deepStrictEqual([...pair.facets.compared], ['jdk 21 -> 25']);
  assert.strictEqual(cell.facets.compared, undefined);
});

test('a site\'s index without nights gets them from the chunk its series are in', () => {
  const index = Object.assign({}, site, { chunk: 1, series: site.series.map((s, i) => ({ fleet: s.fleet, a: s.a, b: s.b, cmp: s.cmp, u: s.u, hb: s.hb, len: s.n.length, k: i })) });
  const figures = explorer.figuresOfSite(index);
  assert.strictEqual(figures[0].points, null, 'not loaded yet');
  assert.deepStrictEqual(figures.map((f) => [f.chunk, f.pos]), [[0, 0], [1, 0]]);
  explorer.fill(figures, 1, { series: [site.series[1]] });
  assert.strictEqual(figures[0].points, null, 'another chunk');
  assert.deepStrictEqual(figures[1].points.map((p) => p.v), [0.9, 0.95]);
  assert.deepStrictEqual(figures[1].changes, []);
  explorer.fill(figures, 0, { series: [site.series[0]] });
  assert.strictEqual(figures[0].changes[0].what, 'jdk 21 build a -> b');
});

test('the picker offers only the axes the figures differ on, and a pick matches a comparison by either side', () => {
  const figures = explorer.figuresOfSite(site);
  const f = explorer.facets(figures);
  assert.deepStrictEqual(Object.keys(f).sort(), ['figure', 'jdk'], 'one comparison: no "compared" to pick among');
  assert.deepStrictEqual(f.jdk, ['21', '25']);
  assert.deepStrictEqual(figures.filter((x) => explorer.matches(x, { jdk: '25' }, '')).map((x) => x.label), [figures[1].label]);
  assert.strictEqual(figures.filter((x) => explorer.matches(x, { jdk: '21' }, '')).length, 2);
  assert.strictEqual(figures.filter((x) => explorer.matches(x, {}, 'JDK=25 W')).length, 1);
  assert.strictEqual(figures.filter((x) => explorer.matches(x, { jdk: '17' }, '')).length, 0);
});

test('the URL\'s hash holds the selection and reads back as written', () => {
  const state = { view: 'history', fleet: 'CPUs 2, Kubernetes', fig: 'w(a=1&b=#2) jdk=21', vs: 'w jdk=25', night: 'n-1', q: 'x y',
    picked: { jdk: '25', 'cpu-mode': 'cpuset' }, bench: 0 };
  const back = explorer.readHash(explorer.writeHash(state));
  assert.deepStrictEqual(back, state);
  assert.deepStrictEqual(explorer.readHash('').picked, {});
});

test('each point\'s level is its segment\'s geometric mean between change points', () => {
  const points = [{ night: 0, v: 1 }, { night: 1, v: 4 }, { night: 5, v: 10 }, { night: 6, v: 10 }];
  const lv = explorer.levels(points, [{ after: 5 }]).map((x) => Number(x.toFixed(9)));
  assert.deepStrictEqual(lv, [2, 2, 10, 10]);
  assert.deepStrictEqual(explorer.levels(points, []).map((x) => Number(x.toFixed(6))), Array(4).fill(Number(Math.pow(400, 0.25).toFixed(6))));
});

test('a data script\'s base64 of gzip decodes to its JSON', async () => {
  const json = { v: 1, text: '<script>alert(1)</script> é' };
  const b64 = zlib.gzipSync(Buffer.from(JSON.stringify(json))).toString('base64');
  assert.deepStrictEqual(await explorer.decode(b64), json);
  const queue = [['site', b64], ['night', b64]];
  const out = await explorer.drain(queue);
  assert.deepStrictEqual(Object.keys(out), ['site', 'night']);
  assert.strictEqual(queue.length, 0);
});

test('a night\'s cells and comparisons become figures of one point each', () => {
  const night = {
    axes: ['workload', 'jdk'],
    cells: { id: ['a', 'b'], ax: [['w', '21'], ['w', '25']], u: ['ops/s', 'ops/s'], hb: [1, 1], v: [100, 120], lo: [90, 110], hi: [110, 130], n: [5, 5], failed: [0, 1] },
    pairs: { a: [0], b: [1], cmp: ['jdk 21 -> 25'], r: [1.2], lo: [1.1], hi: [1.3], lvl: [0.95], n: [5], verdict: ['faster'], note: [''], steady: [''] },
  };
  const figures = explorer.figuresOfNight(night, 7);
  assert.strictEqual(figures.length, 3);
  const pair = figures[2];
  assert.strictEqual(pair.higherIsBetter, true);
  assert.deepStrictEqual(pair.points, [{ night: 7, v: 1.2, lo: 1.1, hi: 1.3 }]);
  assert.strictEqual(pair.extra.verdict, 'faster');
  assert.strictEqual(figures[1].extra.failed, 1);
});
