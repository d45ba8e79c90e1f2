// How fast an explorer page opens and redraws in headless Chromium (make bench-site; a benchmark,
// not a test): opens each URL afresh, waits for the page's first chart, and reads what the page
// measured itself: the time from navigation to its first chart drawn (data scripts loaded and
// decoded included), and with #bench=N in the URL the median and slowest of N picks, each from the
// pick to its chart drawn. Chromium driven over the DevTools protocol with Node's WebSocket.
//   node --experimental-websocket harness/scripts/site-times.js URL...   (one JSON line per URL)
// With SCREENSHOT=FILE.png, the first page as drawn is saved there (docs/explorer.png, of docs/runs/history-real:
// rm -rf target/hr && cp -r docs/runs/history-real target/hr && harness/scripts/jdkmatrix.sh index target/hr &&
// SCREENSHOT=docs/explorer.png node --experimental-websocket harness/scripts/site-times.js "file://$PWD/target/hr/explore.html#a.figure=comparison&q=work").
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

async function main(urls) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jdkmatrix-site-times-'));
  const exe = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => fs.existsSync(p));
  if (!exe) throw new Error('no Chromium (/usr/bin/chromium): make chromium installs it');
  const chrome = spawn(exe, ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--window-size=1400,900', '--remote-debugging-port=0', '--user-data-dir=' + profile, 'about:blank']);
  try {
    const ws = await new Promise((resolve, reject) => {
      let log = '';
      chrome.stderr.on('data', (d) => {
        log += d;
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(log);
        if (m) resolve(m[1]);
      });
      setTimeout(() => reject(new Error('Chromium did not start its DevTools endpoint: ' + log)), 60000);
    });
    const list = await (await fetch('http://' + new URL(ws).host + '/json/list')).json();
    const socket = new WebSocket(list.find((t) => t.type === 'page').webSocketDebuggerUrl);
    await new Promise((r) => socket.addEventListener('open', r));
    let id = 0;
    const pending = new Map();
    socket.addEventListener('message', (e) => {
      const msg = JSON.parse(e.data);
      if (pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); }
    });
    const call = (method, params) => new Promise((resolve) => { const n = ++id; pending.set(n, resolve); socket.send(JSON.stringify({ id: n, method, params })); });
    const evaluate = async (expression) => (await call('Runtime.evaluate', { expression, returnByValue: true })).result.result.value;
    for (const url of urls) {
      await call('Page.navigate', { url: 'about:blank' });
      await call('Page.navigate', { url });
      const deadline = Date.now() + 120000;
      while (Date.now() < deadline && !(await evaluate("!!document.body && document.body.dataset.ready === '1'"))) await new Promise((r) => setTimeout(r, 50));
      const d = await evaluate('JSON.stringify(Object.assign({}, document.body.dataset, {status: document.getElementById("status").textContent}))');
      console.log(JSON.stringify(Object.assign({ url }, JSON.parse(d || '{}'))));
      if (process.env.SCREENSHOT && url === urls[0]) {
        const shot = await call('Page.captureScreenshot', { format: 'png' });
        fs.writeFileSync(process.env.SCREENSHOT, Buffer.from(shot.result.data, 'base64'));
      }
    }
    socket.close();
  } finally {
    const exited = new Promise((r) => chrome.once('exit', r));
    chrome.kill();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10000))]);
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (e) {
      // a profile left in the system's temp folder (a helper still writing): no matter
    }
  }
}

main(process.argv.slice(2)).then(() => process.exit(0), (e) => { console.error('site-times: ' + e.message); process.exit(1); });
