import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { RolldownMagicString, type ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { reservedCss } from './src/elements/shared/reserved-boxes.ts';
import { buildTargets } from './scripts/browser-targets.mjs';

/**
 * Library builds. ES modules can share chunks and lazy-load; a classic script cannot, so each IIFE is its own
 * build (`vite build --mode <name>`, run in turn by scripts/build.mjs):
 *   es               dist/svc-elements.js (+ its lazy chunks: product view, location picker, sign-in, checkout,
 *                    payment, order status, account), dist/client.js and dist/session.js (the headless client and
 *                    session) and dist/svc-debug.js. What the elements' entry shares with client.js and session.js
 *                    (the client, the session stores) is one chunk, dist/svc-core.js: a page using both loads the
 *                    client's code once, and its classes are the same (`instanceof ApiError` holds across). The
 *                    split costs the catalog page's initial load 0.4 kB gzip (docs/decisions.md, 28)
 *   runtime-esm      dist/page-runtime.esm.js    the HTML Mode runtime as one ES module, its own error classes
 *                                               (like page-runtime.js; sharing the elements' cost 0.3 kB gzip)
 *   elements-iife    dist/svc-elements.iife.js   one classic <script> tag for merchants: loads the ES build beside it
 *   bundle-iife      dist/svc-elements.bundle.iife.js  everything inlined, for hosts that cannot serve chunks
 *   runtime-iife     dist/page-runtime.js        the HTML Mode runtime, a classic script
 *   hydrate          dist/svc-hydrate.js         server-rendered pages only, before svc-elements.js: Lit's hydration support
 *                                               (its own lit-html copy: nothing changes for the pages without SSR)
 *   load-error       dist/svc-load-error.js      classic: the diagnostics when svc-elements.js did not load (no CORS, 404)
 * dist/ is the browser folder a merchant serves (a CDN, or the reference server's /dist/): nothing else goes there.
 * The package's other files are built into lib/:
 *   testing          lib/testing.js              MSW handlers and fixtures for tests (imports the merchant's msw)
 *   ssr-node         lib/ssr/index.js            svc-storefront/ssr for Node: lit and @lit-labs/ssr stay imports (the
 *                                               package's optional peers), the rest is inlined; lib/webhooks.js
 */
const entries = {
  es: { 'svc-elements': 'src/index.ts', client: 'src/client/index.ts', session: 'src/session/index.ts',
    // the diagnostics panel: the elements' lazy chunk and, by this fixed name, what page-runtime.js loads beside itself
    'svc-debug': 'src/diagnostics/panel.ts' },
  'elements-iife': { 'svc-elements.iife': 'src/script-tag.ts' },
  'bundle-iife': { 'svc-elements.bundle.iife': 'src/index.ts' },
  'runtime-iife': { 'page-runtime': 'src/page-runtime/index.ts' },
  testing: { testing: 'src/testing/index.ts' },
  'runtime-esm': { 'page-runtime.esm': 'src/page-runtime/index.ts' },
  // page-runtime.js's order view extras (WhatsApp hand-off, copy buttons), loaded beside it by this fixed name on pages
  // that use them. One file of its own: as an entry of the elements' build, the module it shares with them
  // (shared/format.ts) was a chunk of its own in the catalog page's initial load
  'runtime-extras': { 'svc-order-extras': 'src/page-runtime/order-extras.ts' },
  hydrate: { 'svc-hydrate': 'src/ssr/browser/hydrate.ts' },
  // what the classic tag adds beside itself on `?svc-debug` when the ES entry did not load (so neither did the panel)
  'load-error': { 'svc-load-error': 'src/diagnostics/load-error.ts' },
} as const;

/**
 * The modules `svc-elements.js` loads up front (its static imports, all the way down) in two files rather than a
 * dozen chunks shared with the lazy elements: fewer requests, and one gzip stream per file compresses better. What
 * it shares with client.js and session.js goes into `svc-core` (a fixed name, which a page can preload), the rest
 * into the entry itself; what svc-debug.js imports too stays out of both. `includeDependenciesRecursively: false`
 * keeps each group from pulling the other's modules in.
 */
function elementsInitialGroups(entryFiles: readonly string[], headlessFiles: readonly string[]) {
  const elements = resolve('src/index.ts');
  const others = entryFiles.map((file) => resolve(file)).filter((file) => file !== elements);
  const headless = headlessFiles.map((file) => resolve(file));
  let groups: { only: Set<string>; core: Set<string> } | undefined;
  const staticImports = (id: string, context: ChunkingContext, seen = new Set<string>()) => {
    if (seen.has(id)) return seen;
    seen.add(id);
    // the schemas' index re-exports all of them: its importers' schemas are found by rolldown (or the group balloons)
    if (id.endsWith('/json-schemas/index.ts')) return seen;
    for (const dependency of context.getModuleInfo(id)?.importedIds ?? []) staticImports(dependency, context, seen);
    return seen;
  };
  const sets = (context: ChunkingContext) => {
    if (!groups) {
      const reach = (files: string[]) => new Set(files.flatMap((file) => [...staticImports(file, context)]));
      const initial = [...staticImports(elements, context)];
      const byHeadless = reach(headless);
      const byRest = reach(others.filter((file) => !headless.includes(file)));
      groups = {
        only: new Set(initial.filter((module) => !byHeadless.has(module) && !byRest.has(module))),
        core: new Set(initial.filter((module) => byHeadless.has(module) && !byRest.has(module))),
      };
    }
    return groups;
  };
  return [{
    debugName: 'svc-elements',
    name: (id: string, context: ChunkingContext) => (sets(context).only.has(id) ? 'svc-elements' : null),
    includeDependenciesRecursively: false,
  }, {
    debugName: 'svc-core',
    name: (id: string, context: ChunkingContext) => (sets(context).core.has(id) ? 'svc-core' : null),
    includeDependenciesRecursively: false,
  }];
}

/**
 * Collapses the whitespace and comments inside `css\`…\`` templates of our elements (the minifier leaves template
 * text alone). Only around `{ } ; , >` is space removed: around `:` it can be a descendant combinator. Edited in
 * place with a magic string so that the source maps still point at the right lines (else SOURCEMAP_BROKEN).
 */
const minifyElementCss = (): Plugin => ({
  name: 'svc-minify-element-css',
  transform(code, id) {
    if (!id.includes('/src/elements/') || !code.includes('css`')) return null;
    const edited = new RolldownMagicString(code);
    for (const match of code.matchAll(/css`([^`]*)`/g)) {
      const start = match.index + 'css`'.length;
      const body = match[1]!;
      if (body) edited.overwrite(start, start + body.length, body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').replace(/\s*([{};,>])\s*/g, '$1').trim());
    }
    return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }).toString() };
  },
});

/**
 * The chunks `dist/svc-elements.js` imports statically, all the way down, as paths relative to it: the classic loader
 * preloads them beside the entry (the browser would find them only once the entry is parsed). Read from the ES
 * build, which scripts/build.mjs runs first; empty without it.
 */
function elementsStaticChunks(entry = resolve('dist/svc-elements.js')): string[] {
  if (!existsSync(entry)) return [];
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
      const chunk = resolve(dirname(file), spec!);
      if (!spec!.startsWith('.') || found.has(chunk)) continue;
      found.add(chunk);
      visit(chunk);
    }
  };
  visit(entry);
  return [...found].map((chunk) => relative(dirname(entry), chunk));
}

/**
 * Minified output keeps license comments but not `/* @__PURE__ *\/` annotations: every file is already minified
 * and tree-shaken, and the annotations were 40 bytes gzip on the elements' initial load and 30 on page-runtime.
 */
const OUTPUT_COMMENTS = { legal: true, annotation: false, jsdoc: false };


/** `dist/svc-reserved.css`: the elements' reserved boxes, for a page that loads the ES entry with a module tag. */
const reservedBoxesCss = (): Plugin => ({
  name: 'svc-reserved-boxes-css',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'svc-reserved.css', source: `${reservedCss()}\n` });
  },
});

/** What svc-storefront/ssr leaves to the Node app: Lit (one copy with @lit-labs/ssr's) and Node's own modules. */
const SSR_EXTERNAL = /^(?:node:|lit(?:-html|-element)?(?:\/|$)|@lit-labs\/ssr(?:\/|$))/;

/**
 * svc-storefront/ssr for Node: src/ssr bundled with what it uses of ours and of @lit/task, @lit/context, nanostores
 * and DOMPurify, so that its only imports are lit and @lit-labs/ssr. `@lit/reactive-element` (which @lit/task
 * imports) is reached through `lit`, which re-exports it: the app then needs only the two peers.
 */
const ssrNodeConfig = (): UserConfig => ({
  publicDir: false,
  // and svc-storefront/webhooks, a receiver's check of the webhook signature (node:crypto only)
  plugins: [{
    name: 'svc-ssr-lit-peer',
    enforce: 'pre',
    resolveId: (source) => (source === '@lit/reactive-element' ? { id: 'lit', external: true } : null),
  }],
  ssr: { noExternal: true },
  build: {
    ssr: true,
    outDir: 'lib',
    emptyOutDir: false, // lib/ is emptied by scripts/build.mjs
    target: 'node20',
    minify: false, // readable as it is: no source map (the package stays small, docs/decisions.md 28)
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { 'ssr/index': 'src/ssr/index.ts', webhooks: 'src/server/webhooks/verify.ts' },
      external: (id) => SSR_EXTERNAL.test(id),
      // one file for Node: the product view, a lazy chunk in the browser, is imported statically here on purpose
      checks: { ineffectiveDynamicImport: false },
      output: { entryFileNames: '[name].js', chunkFileNames: 'ssr/[name]-[hash].js' },
    },
  },
});

export default defineConfig(({ mode }): UserConfig => {
  if (mode === 'ssr-node') return ssrNodeConfig();
  const target = (mode in entries ? mode : 'es') as keyof typeof entries;
  const iife = target === 'elements-iife' || target === 'bundle-iife' || target === 'runtime-iife' || target === 'hydrate' || target === 'load-error';
  return {
    plugins: [minifyElementCss(), ...(target === 'es' ? [reservedBoxesCss()] : [])],
    publicDir: false,
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __SVC_PRELOAD__: JSON.stringify(target === 'elements-iife' ? elementsStaticChunks() : []),
    },
    build: {
      // every shipped file at the level of the oldest supported browsers (package.json's browserslist): no class
      // static blocks (Safari 16.4), nothing else Safari 15.4 or Chrome 100 lacks. test/server/dist-syntax.test.ts checks it
      target: buildTargets(),
      minify: true,
      // the everything-inlined build repeats the ES build's modules: debug with that build's maps (the package's size,
      // docs/decisions.md 28); the test helpers need none either
      sourcemap: target !== 'bundle-iife' && target !== 'testing',
      emptyOutDir: false,
      ...(target === 'testing' && { outDir: 'lib' }),
      reportCompressedSize: false,
      lib: {
        entry: entries[target],
        formats: [iife ? 'iife' : 'es'],
        name: target === 'runtime-iife' ? 'SvcPageRuntime' : 'Svc',
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: iife || target.startsWith('runtime-')
        // lib mode builds an IIFE as one file (codeSplitting off): imports inlined. No Symbol.toStringTag on the
        // global's namespace object: nobody reads it, and page-runtime.js needs the bytes (its diagnostics loader)
        ? { output: { minify: true, comments: OUTPUT_COMMENTS, generatedCode: { symbols: false } } }
        : {
          // lets the lazy chunks import what they share with an entry from the entry itself
          preserveEntrySignatures: 'allow-extension',
          external: [/^msw(\/|$)/], // ./testing uses the merchant's own MSW
          output: {
            minify: true, comments: OUTPUT_COMMENTS,
            // the elements' and the client's shared core by a fixed name, which a page can preload (docs/theming.md)
            chunkFileNames: (chunk) => (chunk.name === 'svc-core' ? 'svc-core.js' : 'chunks/[name]-[hash].js'),
            ...(target === 'es' && { codeSplitting: { groups: elementsInitialGroups(Object.values(entries.es), [entries.es.client, entries.es.session]) } }),
          },
        },
    },
  };
});
