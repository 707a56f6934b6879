import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { RolldownMagicString, type ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { reservedCss } from './src/elements/shared/reserved-boxes.ts';

/**
 * Library builds. ES modules can share chunks and lazy-load; a classic script cannot, so each IIFE is its own
 * build (`vite build --mode <name>`, run in turn by scripts/build.mjs):
 *   es               dist/svc-elements.js, dist/client.js, dist/session.js (+ shared and lazy chunks; the elements'
 *                    lazy chunks: product view, location picker, sign-in, checkout, payment, order status, account)
 *                    dist/client-errors.js: the client's error classes, an entry so that its export names are kept
 *   runtime-esm      dist/page-runtime.esm.js    the HTML Mode runtime as one ES module; only the client's error
 *                                               classes come from the ES build (client-errors.js: one ApiError per page)
 *   elements-iife    dist/svc-elements.iife.js   one classic <script> tag for merchants: loads the ES build beside it
 *   bundle-iife      dist/svc-elements.bundle.iife.js  everything inlined, for hosts that cannot serve chunks
 *   runtime-iife     dist/page-runtime.js        the HTML Mode runtime, a classic script
 *   hydrate          dist/svc-hydrate.js         server-rendered pages only, before svc-elements.js: Lit's hydration support
 *                                               (its own lit-html copy: nothing changes for the pages without SSR)
 */
const entries = {
  es: { 'svc-elements': 'src/index.ts', client: 'src/client/index.ts', session: 'src/session/index.ts', testing: 'src/testing/index.ts',
    // what page-runtime.esm.js imports from this build (the runtime-esm build below)
    'client-errors': 'src/client/errors.ts',
    // the diagnostics panel: the elements' lazy chunk and, by this fixed name, what page-runtime.js loads beside itself
    'svc-debug': 'src/diagnostics/panel.ts' },
  'elements-iife': { 'svc-elements.iife': 'src/script-tag.ts' },
  'bundle-iife': { 'svc-elements.bundle.iife': 'src/index.ts' },
  'runtime-iife': { 'page-runtime': 'src/page-runtime/index.ts' },
  'runtime-esm': { 'page-runtime.esm': 'src/page-runtime/index.ts' },
  hydrate: { 'svc-hydrate': 'src/ssr/browser/hydrate.ts' },
} as const;

/**
 * The modules only `svc-elements.js` loads up front (its static imports, all the way down, minus what another entry
 * imports too) go into the entry file itself rather than into a dozen chunks shared with the lazy elements: fewer
 * requests, and one gzip stream compresses better. What it shares with `client.js` stays in a shared chunk, so a
 * page using both runs one client (one `ApiError` class). `includeDependenciesRecursively: false` keeps the group
 * from pulling that shared part in after all.
 */
function elementsInitialGroup(entryFiles: readonly string[]) {
  const elements = resolve('src/index.ts');
  const others = entryFiles.map((file) => resolve(file)).filter((file) => file !== elements);
  let only: Set<string> | undefined;
  const staticImports = (id: string, context: ChunkingContext, seen = new Set<string>()) => {
    if (seen.has(id)) return seen;
    seen.add(id);
    for (const dependency of context.getModuleInfo(id)?.importedIds ?? []) staticImports(dependency, context, seen);
    return seen;
  };
  return {
    debugName: 'svc-elements',
    name(id: string, context: ChunkingContext) {
      if (!only) {
        const shared = new Set(others.flatMap((entry) => [...staticImports(entry, context)]));
        only = new Set([...staticImports(elements, context)].filter((module) => !shared.has(module)));
      }
      return only.has(id) ? 'svc-elements' : null;
    },
    includeDependenciesRecursively: false,
  };
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


/**
 * page-runtime.esm.js is built after the ES build, as one file: its modules shared with the elements' lazy chunks
 * (pixels, hashing, safe navigation) were chunks of their own in that build, four requests and 1 kB gzip more. Only
 * the error classes come from the ES build (`client-errors.js`, an entry there: a chunk's export names are
 * minified), so that `instanceof ApiError` holds for the client's errors too.
 */
const sharedErrorsChunk = (): Plugin => ({
  name: 'svc-shared-errors-chunk',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer || resolve(dirname(importer), source) !== resolve(entries.es['client-errors'])) return null;
    return { id: './client-errors.js', external: true };
  },
});

/** `dist/svc-reserved.css`: the elements' reserved boxes, for a page that loads the ES entry with a module tag. */
const reservedBoxesCss = (): Plugin => ({
  name: 'svc-reserved-boxes-css',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'svc-reserved.css', source: `${reservedCss()}\n` });
  },
});

export default defineConfig(({ mode }): UserConfig => {
  const target = (mode in entries ? mode : 'es') as keyof typeof entries;
  const iife = target !== 'es' && target !== 'runtime-esm';
  return {
    plugins: [minifyElementCss(), ...(target === 'es' ? [reservedBoxesCss()] : []), ...(target === 'runtime-esm' ? [sharedErrorsChunk()] : [])],
    publicDir: false,
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __SVC_PRELOAD__: JSON.stringify(target === 'elements-iife' ? elementsStaticChunks() : []),
    },
    build: {
      target: 'es2022',
      minify: true,
      sourcemap: true,
      emptyOutDir: false,
      reportCompressedSize: false,
      lib: {
        entry: entries[target],
        formats: [iife ? 'iife' : 'es'],
        name: target === 'runtime-iife' ? 'SvcPageRuntime' : 'Svc',
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: iife || target === 'runtime-esm'
        // lib mode builds an IIFE as one file (codeSplitting off): imports inlined. No Symbol.toStringTag on the
        // global's namespace object: nobody reads it, and page-runtime.js needs the bytes (its diagnostics loader)
        ? { output: { minify: true, comments: OUTPUT_COMMENTS, generatedCode: { symbols: false } } }
        : {
          // lets the lazy chunks import what they share with the elements from svc-elements.js itself
          preserveEntrySignatures: 'allow-extension',
          external: [/^msw(\/|$)/], // ./testing uses the merchant's own MSW
          output: { minify: true, comments: OUTPUT_COMMENTS, chunkFileNames: 'chunks/[name]-[hash].js', codeSplitting: { groups: [elementsInitialGroup(Object.values(entries.es))] } },
        },
    },
  };
});
