// Page-load cost of the built app: long tasks (PerformanceObserver 'longtask'), when the step
// readout first shows (first interactive view), when the default run is recorded whole, and a
// CDP CPU profile of the load summarized by self time per function/url.
import { chromium } from '@playwright/test';
const port = process.env.PORT ?? '4412';
const runs = Number(process.env.RUNS ?? 3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let r = 0; r < runs; r++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await ctx.addInitScript(() => {
    localStorage.setItem('checkpoint-lab.start', 'chosen');
    localStorage.setItem('checkpoint-lab.lang', 'en');
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
    const mo = new MutationObserver(() => {
      if (!window.__fi && document.querySelector('[data-testid="step-readout"]')) { window.__fi = performance.now(); }
    });
    mo.observe(document, { childList: true, subtree: true });
  });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  const profile = r === 0 && process.env.PROFILE;
  if (profile) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.__checkpointLab && !window.__checkpointLab.recording(), undefined, { timeout: 60000 });
  const done = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  const res = await page.evaluate(() => ({ fi: Math.round(window.__fi), long: window.__long }));
  console.log(JSON.stringify({ run: r, firstInteractiveMs: res.fi, recordedWholeMs: Math.round(done), longTasks: res.long }));
  if (profile) {
    const { profile: p } = await cdp.send('Profiler.stop');
    const self = new Map();
    const dt = p.timeDeltas; const byId = new Map(p.nodes.map((n) => [n.id, n]));
    p.samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000); });
    console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
  }
  await ctx.close();
}
await browser.close();
