// Lighthouse (mobile, simulated throttling, performance only) on Debian's Chromium: the median of
// five runs per page, as issue 17 asks; one Chromium for all runs, a fresh profile each time.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function lighthouseScores(base, paths, runs = 5) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows = [];
  try {
    for (const pagePath of paths) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(base + pagePath, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        results.push({
          score: Math.round(lhr.categories.performance.score * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          fcp: lhr.audits['first-contentful-paint'].numericValue,
        });
      }
      rows.push({
        path: pagePath,
        score: median(results.map((r) => r.score)),
        lcp: Math.round(median(results.map((r) => r.lcp))),
        tbt: Math.round(median(results.map((r) => r.tbt))),
        fcp: Math.round(median(results.map((r) => r.fcp))),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
