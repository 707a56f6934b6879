// The one list of tests an engine does not run because its DRIVER cannot do what the test needs (never because of
// our code: an engine difference of ours is fixed, or the test states which engine behaves how). Keep it short.
// Read by web-test-runner.config.mjs (`wtr`: files of test/browser) and the three-engine journeys (`journeys`:
// test names of test/e2e/engines).

/** @type {Array<{ engine: 'chromium' | 'firefox' | 'webkit', suite: 'wtr' | 'journeys', test: string, reason: string }>} */
const PHONE_VIEWPORT = 'sets a phone\'s viewport (320–390 px): WebDriver has no viewport command (web-test-runner\'s '
  + 'setViewport is not supported with it) and MiniBrowser\'s window does not shrink below ≈447 px; the three-engine '
  + 'journeys cover phones in WebKit by running the page in a frame of the phone\'s width';

export const DRIVER_EXCLUSIONS = [
  { engine: 'webkit', suite: 'wtr', test: 'test/browser/diagnostics/phone-panel.test.ts', reason: PHONE_VIEWPORT },
  { engine: 'webkit', suite: 'wtr', test: 'test/browser/elements/account-tabs-phone.test.ts', reason: PHONE_VIEWPORT },
  { engine: 'webkit', suite: 'wtr', test: 'test/browser/elements/catalog-phone.test.ts', reason: PHONE_VIEWPORT },
  { engine: 'webkit', suite: 'wtr', test: 'test/browser/elements/checkout-phone.test.ts', reason: PHONE_VIEWPORT },
];

/** The test/browser files `engine` leaves out. */
export const excludedFiles = (engine, suite) => DRIVER_EXCLUSIONS.filter((e) => e.engine === engine && e.suite === suite).map((e) => e.test);

/** Why `engine` does not run the journey `name`, or undefined. */
export const exclusionReason = (engine, name) => DRIVER_EXCLUSIONS.find((e) => e.engine === engine && e.suite === 'journeys' && e.test === name)?.reason;
