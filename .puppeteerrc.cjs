// puppeteer (a dependency of @web/test-runner-puppeteer) downloads a browser on install by default; the browser
// tests drive Debian's Firefox ESR instead (scripts/browser-engines.mjs), and nothing may be downloaded here.
module.exports = { skipDownload: true };
