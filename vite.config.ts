import { defineConfig, type UserConfig } from 'vite';

/**
 * Library builds. ES modules can share chunks and lazy-load; a classic script cannot, so each IIFE is its own
 * build (`vite build --mode <name>`, run in turn by scripts/build.mjs):
 *   es               dist/svc-elements.js, dist/client.js, dist/page-runtime.esm.js (+ shared and lazy chunks)
 *   elements-iife    dist/svc-elements.iife.js   one classic <script> tag for merchants: loads the ES build beside it
 *   bundle-iife      dist/svc-elements.bundle.iife.js  everything inlined, for hosts that cannot serve chunks
 *   runtime-iife     dist/page-runtime.js        the HTML Mode runtime, a classic script
 */
const entries = {
  es: { 'svc-elements': 'src/index.ts', client: 'src/client/index.ts', 'page-runtime.esm': 'src/page-runtime/index.ts' },
  'elements-iife': { 'svc-elements.iife': 'src/script-tag.ts' },
  'bundle-iife': { 'svc-elements.bundle.iife': 'src/index.ts' },
  'runtime-iife': { 'page-runtime': 'src/page-runtime/index.ts' },
} as const;

export default defineConfig(({ mode }): UserConfig => {
  const target = (mode in entries ? mode : 'es') as keyof typeof entries;
  const iife = target !== 'es';
  return {
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
      rolldownOptions: { output: { minify: true, ...(iife ? { inlineDynamicImports: true } : { chunkFileNames: 'chunks/[name]-[hash].js' }) } },
    },
  };
});
