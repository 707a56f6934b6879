/**
 * `npm run server`: the reference server's command line (src/server/cli.ts) from the sources. Before a server starts,
 * the browser folder it serves at /dist/ is built when missing or older than src/ (as `npm start` does), so a
 * merchant's page can load the elements from it on a fresh clone. Set-up commands (`store …`, `catalog …`) and
 * `--help` run at once.
 */
import { ADMIN_COMMANDS } from '../src/server/cli-admin.ts';
import { ensureBrowserBuild } from './browser-build.ts';

const args = process.argv.slice(2);
const startsServer = !ADMIN_COMMANDS.has(args[0] ?? '') && !args.includes('--help') && !args.some((arg) => arg.startsWith('--browser-files'));
if (startsServer && !(await ensureBrowserBuild(new AbortController().signal))) {
  console.error('The browser build failed (see `npm run build`): /dist/ will answer 404.');
}
await import('../src/server/cli.ts');
