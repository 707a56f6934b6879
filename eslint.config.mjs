// ESLint (flat config): typescript-eslint, eslint-plugin-lit, eslint-plugin-wc, and the layering rules of
// docs/architecture.md. Rules switched off or down are listed, with the reason, in docs/decisions.md ("Lint").
import { builtinRules } from 'eslint/use-at-your-own-risk';
import compat from 'eslint-plugin-compat';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import tseslint from 'typescript-eslint';

/**
 * Client routes that change something on the server. Elements call them only through a session action
 * (`storefront.cart.add`, `storefront.orders.update`, …), so that every view of the same data follows the change.
 * test/server/lint-config.test.ts checks that every non-GET route is here or in `POST_READS`.
 */
export const WRITE_ROUTES = [
  'addCustomerCartItem', 'updateCustomerCartItem', 'removeCustomerCartItem', 'updateProfile', 'changePassword',
  'signIn', 'verifyOtp', 'signOut', 'requestPasswordReset', 'resetPassword',
  'addGuestCartItem', 'updateGuestCartItem', 'removeGuestCartItem', 'mergeGuestCart',
  'placeGuestOrder', 'placeCustomerOrder', 'updatePublicOrder', 'createOrderPayment',
  'placePageOrder', 'sendAnalyticsEvent', 'updateCourseProgress',
];
/** POST routes that only compute an answer (prices, couriers, a code's eligibility): reads, allowed anywhere. */
export const POST_READS = ['getShippingOptions', 'getCheckoutSummary', 'checkDiscountCode', 'checkPageDiscountCode', 'getPageShippingOptions', 'getPageSummary'];

/**
 * APIs newer than the browser policy that eslint-plugin-compat does not see (it knows `document.x`, not `doc.x`, and
 * no static methods like `AbortSignal.timeout`). Each is used through its guard, or with a disable comment at the
 * one place that guards it.
 */
const NEWER_APIS = [
  ['MemberExpression[object.name="AbortSignal"][property.name=/^(timeout|any)$/]', 'AbortSignal.timeout is Safari 16+, .any 17.4+: use timeoutSignal() (client/timeout-signal.ts).'],
  ['CallExpression[callee.property.name="attachInternals"]', 'ElementInternals is Safari 16.4+: check `\'attachInternals\' in HTMLElement.prototype` first.'],
  ['MemberExpression[property.name=/^(adoptedStyleSheets|replaceSync)$/]', 'Constructed sheets are Safari 16.4+: use adoptCss() (elements/shared/adopt-css.ts), which falls back to <style>.'],
  ['MemberExpression[object.name="Response"][property.name="json"]', 'Response.json() is Safari 17+: new Response(JSON.stringify(…)).'],
  ['MemberExpression[object.name="URL"][property.name=/^(canParse|parse)$/]', 'URL.canParse/parse are Safari 17+: try { new URL(…) }.'],
  ['Identifier[name="requestIdleCallback"]', 'Safari has no requestIdleCallback: check for it, or use setTimeout.'],
  ['MemberExpression[property.name=/^(requestSubmit|showPicker|checkVisibility|showPopover|hidePopover|togglePopover|startViewTransition)$/]', 'Newer than Safari 15.4 (docs/browsers.md): check for it first.'],
  ['AssignmentExpression > MemberExpression.left[property.name=/^aria[A-Z]/]', 'ARIA reflection is Firefox 119+: set the attribute.'],
].map(([selector, message]) => ({ selector, message }));

const CLIENT_MODULES = ['**/client/routes/*', '**/client/index.ts', '**/client', 'svc-storefront/client'];
const SERVER_MODULES = ['**/server/*', '**/server', 'svc-storefront/server'];

// ESLint's own recommended rules (what @eslint/js would give, without another package).
const eslintRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
);

/** `no-restricted-imports` of these module groups (named imports only when `names` is given). */
const restrict = (groups, message, names) => ['error', { patterns: [{ group: groups, message, ...(names && { importNames: names }) }] }];

export default tseslint.config(
  {
    ignores: ['dist/**', 'lib/**', 'dist-server/**', 'node_modules/**', '.data/**', 'docs/**', 'test/mockServiceWorker.js', 'demo/img/**', 'demo/snippet/**/*.js'],
  },
  { rules: eslintRecommended },
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `void promise` marks a promise left to run on purpose; `(a, b)` lists in arrows are the codebase's idiom
      'no-void': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // The shipped code also gets typescript-eslint's type-checked rules (the project service reads tsconfig.json).
    // Tests stay on the syntactic rules: see docs/decisions.md #19
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // an aborted signal's reason (typed any) is passed on as it is, as fetch does
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true }],
    },
  },
  {
    // Node scripts and configs in plain JavaScript: Node's globals
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(['process', 'console', 'URL', 'URLSearchParams', 'Buffer', 'setTimeout', 'clearTimeout',
        'setInterval', 'clearInterval', 'fetch', 'performance', 'AbortController', 'TextEncoder', 'TextDecoder', 'structuredClone',
        'queueMicrotask', 'Response', 'Request', 'Headers', 'globalThis', 'document', 'window', 'location', 'navigator',
        'HTMLElement', 'customElements', 'localStorage', 'getComputedStyle', 'requestAnimationFrame', 'PerformanceObserver']
        .map((name) => [name, 'readonly'])),
    },
  },
  {
    // Tests read JSON answers whose shape is what they assert (docs/decisions.md, "Lint")
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The browser layers never import the reference server
    files: ['src/client/**', 'src/session/**', 'src/elements/**', 'src/page-runtime/**', 'src/contract/**', 'src/analytics/**'],
    rules: { 'no-restricted-imports': restrict(SERVER_MODULES, 'Browser code never imports the reference server (docs/architecture.md).') },
  },
  {
    // Browser code uses only what every browser of the policy has (package.json's browserslist, docs/browsers.md), or
    // checks for it first: the rule knows a guard written as `if (typeof X === 'function')` / `'x' in y`, not others.
    // The server, server rendering and the Node half of the testing helpers run on Node.
    files: ['src/**/*.ts'],
    ignores: ['src/server/**', 'src/ssr/*.ts'],
    plugins: { compat },
    rules: { 'compat/compat': 'error', 'no-restricted-syntax': ['error', ...NEWER_APIS] },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': restrict(['**/client/*', '**/client', '**/session/*', '**/session', '**/elements/*', '**/elements'],
        'The server imports contract only, never client, session or elements (docs/architecture.md).'),
    },
  },
  {
    files: ['src/elements/**/*.ts'],
    ...lit.configs['flat/recommended'],
    ...wc.configs['flat/recommended'],
    plugins: { lit, wc },
    rules: {
      ...lit.configs['flat/recommended'].rules,
      ...wc.configs['flat/recommended'].rules,
      'no-restricted-imports': ['error', {
        patterns: [
          { group: CLIENT_MODULES, importNames: WRITE_ROUTES,
            message: 'Elements write through a session action (storefront.orders.update, storefront.account.updateProfile, …) so every view follows; see docs/architecture.md.' },
          { group: SERVER_MODULES, message: 'Browser code never imports the reference server (docs/architecture.md).' },
        ],
      }],
      // an element talks HTTP only through the client
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Elements read through the client (src/client/routes) and write through session actions.' }],
      // Lit calls a template's listeners (`@click=${this.show}`) with the element as `this`
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
