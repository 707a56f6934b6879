import { defineConfig } from 'astro/config';

// A static site: the catalog and each product page are rendered at build time by svc-storefront/ssr (search engines
// and visitors without JavaScript read them), then hydrated in the browser by the elements in public/svc/.
export default defineConfig({ output: 'static' });
