import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hydrationScripts, renderCartButton, renderCatalog, renderProduct } from 'svc-storefront/ssr';
import { store } from './src/_data/store.js';

// svc-storefront's browser folder (browser files only: nothing of the server, no keys), published at /svc/
const browserFolder = join(dirname(createRequire(import.meta.url).resolve('svc-storefront/package.json')), 'dist');

export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy({ [browserFolder]: 'svc' });
  eleventyConfig.addShortcode('svcScripts', () => hydrationScripts({ dist: '/svc/', store }));
  // the render functions are async: Nunjucks takes them as async shortcodes only
  eleventyConfig.addAsyncShortcode('svcCartButton', () => renderCartButton());
  eleventyConfig.addAsyncShortcode('svcCatalog', (pageUrl) => renderCatalog({ store, pageSize: 8, hrefTemplate: '/products/{slug}/', pageUrl }));
  eleventyConfig.addAsyncShortcode('svcProduct', (slug, url) => renderProduct({ store, slug, url }));
}

export const config = { dir: { input: 'src', output: '_site' } };
