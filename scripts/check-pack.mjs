// `npm pack` contents: every export target and bin is in the package, nothing of the repository's own (sources,
// tests, databases) is. Run after `npm run build`. Exits 1 on a problem.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const [report] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
const files = new Set(report.files.map((f) => f.path));

const targets = Object.entries(pkg.exports).flatMap(([name, target]) =>
  (typeof target === 'string' ? [target] : Object.values(target)).filter((t) => !t.includes('*')).map((t) => [name, t]));
targets.push(...Object.entries(pkg.bin).map(([name, t]) => [`bin ${name}`, t]), ['customElements', pkg.customElements]);

const problems = [];
for (const [name, target] of targets) if (!files.has(target.replace(/^\.\//, ''))) problems.push(`${name} → ${target} is not in the package`);
for (const file of files) if (/^(src|test|bench|\.data|node_modules|tmp)\//.test(file)) problems.push(`${file} should not be in the package`);

console.log(`npm pack: ${files.size} files, ${(report.size / 1000).toFixed(0)} kB packed, ${(report.unpackedSize / 1000).toFixed(0)} kB unpacked`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`every export (${targets.length}) is in the package`);
