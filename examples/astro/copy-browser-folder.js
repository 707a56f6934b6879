// The elements' browser folder (svc-storefront's dist/: browser files only) served by this site at /svc/.
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const browserFolder = join(dirname(createRequire(import.meta.url).resolve('svc-storefront/package.json')), 'dist');
rmSync('public/svc', { recursive: true, force: true });
cpSync(browserFolder, 'public/svc', { recursive: true });
