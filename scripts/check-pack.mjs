// `npm run check:pack`, after `npm run build`: what `npm pack` of this tree would ship. Every export target and the
// manifest are in it; nothing else of the repository is (only dist/, lib/, docs/, the README); dist/, the browser
// folder, holds browser files only. Exits 1 on a problem. (test/server/package.test.ts packs a clean copy of the
// tree and checks the contents in depth.)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const [report] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
const files = new Set(report.files.map((f) => f.path));

const targets = Object.entries(pkg.exports).flatMap(([name, target]) =>
  (typeof target === 'string' ? [target] : Object.values(target)).filter((t) => !t.includes('*')).map((t) => [name, t]));
targets.push(['customElements', pkg.customElements]);

const problems = [];
for (const [name, target] of targets) if (!files.has(target.replace(/^\.\//, ''))) problems.push(`${name} → ${target} is not in the package`);
for (const file of files) {
  if (!/^(dist|lib|docs)\//.test(file) && !['package.json', 'README.md'].includes(file)) problems.push(`${file} should not be in the package`);
  if (/^dist\//.test(file) && !/\.(js|map|css)$/.test(file) && !/^dist\/(custom-elements|vscode\.html-custom-data)\.json$/.test(file)) {
    problems.push(`${file} is not a browser file, yet in dist/`);
  }
}
if (Object.keys(pkg.dependencies ?? {}).length) problems.push(`dependencies: ${Object.keys(pkg.dependencies).join(', ')} (the bundles inline what they use)`);

console.log(`npm pack: ${files.size} files, ${(report.size / 1000).toFixed(0)} kB packed, ${(report.unpackedSize / 1000).toFixed(0)} kB unpacked`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`every export (${targets.length}) is in the package, and nothing else of the repository`);
