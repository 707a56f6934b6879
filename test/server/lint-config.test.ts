// The layering the lint enforces (eslint.config.mjs, docs/architecture.md): snippets linted as if they were files of
// the project, so a rule that stops matching fails here rather than silently letting a write route into an element.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { POST_READS, WRITE_ROUTES } from '../../eslint.config.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// the snippets are no files on disk, so the type-checked rules (they need the TypeScript program) are left out
const eslint = new ESLint({ cwd: ROOT, overrideConfig: tseslint.configs.disableTypeChecked });

/** `rule: message` of every problem ESLint finds in `code` as the file `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint: every write goes through a session action', () => {
  it('an element importing a write route is an error that names the session action', async () => {
    const found = await problems('src/elements/order-status/fixture.ts', [
      "import { createOrderPayment } from '../../client/routes/orders.ts';",
      'export const pay = createOrderPayment;',
    ].join('\n'));
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0]!, /^no-restricted-imports: .*createOrderPayment.*session action/);
  });

  it('the same through the client entry, and for every write route', async () => {
    for (const route of WRITE_ROUTES) {
      const found = await problems('src/elements/account/fixture.ts', `import { ${route} } from '../../client/index.ts';\nexport { ${route} };`);
      assert.ok(found.some((p) => p.startsWith('no-restricted-imports') && p.includes(route)), `${route}: ${found.join('\n')}`);
    }
  });

  it('reads stay allowed in elements; writes are allowed in the session', async () => {
    assert.deepEqual(await problems('src/elements/order-status/fixture.ts',
      "import { getPublicOrder } from '../../client/routes/orders.ts';\nexport const read = getPublicOrder;"), []);
    assert.deepEqual(await problems('src/elements/checkout/fixture.ts',
      "import { getCheckoutSummary } from '../../client/routes/checkout.ts';\nexport const read = getCheckoutSummary;"), []);
    assert.deepEqual(await problems('src/session/fixture.ts',
      "import { createOrderPayment } from '../client/routes/orders.ts';\nexport const pay = createOrderPayment;"), []);
  });

  it('every route that is not a GET is listed as a write or as a read that posts', () => {
    const dir = join(ROOT, 'src/client/routes');
    const routes = readdirSync(dir).filter((f) => f.endsWith('.ts')).flatMap((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      // each exported route up to the next export: its method, or none (a route built on another, e.g. signOut)
      return [...text.matchAll(/export (?:const|async function) (\w+)([\s\S]*?)(?=\nexport |$)/g)]
        .map(([, name, body]) => ({ name: name!, method: /method: '(\w+)'/.exec(body!)?.[1] }));
    });
    assert.ok(routes.length > 40, `found ${routes.length} routes`);
    const unlisted = routes.filter((r) => r.method !== 'GET' && !WRITE_ROUTES.includes(r.name) && !POST_READS.includes(r.name));
    assert.deepEqual(unlisted, []);
    const gets = routes.filter((r) => r.method === 'GET' && (WRITE_ROUTES.includes(r.name) || POST_READS.includes(r.name)));
    assert.deepEqual(gets, []);
  });
});

describe('lint: the layers of docs/architecture.md', () => {
  it('browser code never imports the server; the server never imports client, session or elements', async () => {
    const fromClient = await problems('src/client/fixture.ts', "import { createApp } from '../server/app.ts';\nexport { createApp };");
    assert.match(fromClient.join('\n'), /no-restricted-imports: .*reference server/);
    const fromServer = await problems('src/server/fixture.ts', "import { createClient } from '../client/client.ts';\nexport { createClient };");
    assert.match(fromServer.join('\n'), /no-restricted-imports: .*never client, session or elements/);
  });

  it('an element never calls fetch itself', async () => {
    const found = await problems('src/elements/catalog/fixture.ts', "export const load = () => fetch('/v3/stores/x/public/items');");
    assert.match(found.join('\n'), /no-restricted-globals: .*fetch/);
  });

  it('lit and wc rules run on elements', async () => {
    const found = await problems('src/elements/catalog/fixture.ts', [
      "import { html } from 'lit';",
      'export const view = (tag: string) => html`<${tag}></${tag}>`;',
    ].join('\n'));
    assert.match(found.join('\n'), /lit\/binding-positions/);
  });
});

describe('lint: type-checked rules on the shipped code', () => {
  it('finds a promise left floating in src/, which only the type information shows', async () => {
    // src/'s typed config on a one-file program (npm run lint type-checks the whole project; not again here). With
    // CI=true typescript-eslint would infer a single run and type the file as it is on disk, not the text linted here.
    const typed = new ESLint({ cwd: ROOT, overrideConfig: { files: ['src/**/*.ts'], languageOptions: { parserOptions: {
      projectService: false, project: 'test/server/fixtures/typed-lint.tsconfig.json', tsconfigRootDir: ROOT,
      disallowAutomaticSingleRunInference: true,
    } } } });
    // the path of the file that program holds, with other text
    const code = "export const later = () => Promise.resolve(1);\nexport function start() {\n  later();\n}\n";
    const [result] = await typed.lintText(code, { filePath: join(ROOT, 'src/elements/shared/format.ts') });
    assert.deepEqual(result!.messages.map((m) => m.ruleId), ['@typescript-eslint/no-floating-promises']);
  });
});

describe('lint: browser code uses what the supported browsers have (docs/browsers.md)', () => {
  const UNGUARDED = [
    'export const signal = AbortSignal.timeout(1000);',
    'export const segments = new Intl.Segmenter();',
    'export class X extends HTMLElement { internals = this.attachInternals(); }',
    'export const adopt = (root: ShadowRoot, sheet: CSSStyleSheet) => { root.adoptedStyleSheets = [sheet]; };',
  ];
  it('an API newer than the policy is an error in the elements, the client, the runtime and the hydration script', async () => {
    for (const file of ['src/elements/cart/fixture.ts', 'src/client/fixture.ts', 'src/page-runtime/fixture.ts', 'src/ssr/browser/fixture.ts']) {
      for (const code of UNGUARDED) {
        const found = await problems(file, code);
        assert.ok(found.some((p) => /^(compat\/compat|no-restricted-syntax): .*(Safari|Firefox)/.test(p)), `${file}: ${code}\n${found.join('\n')}`);
      }
    }
  });

  it('Node code (the server, server rendering) is not held to the browsers', async () => {
    for (const file of ['src/server/fixture.ts', 'src/ssr/fixture.ts']) {
      assert.deepEqual(await problems(file, UNGUARDED[0]!), []);
    }
  });
});
