// The type declarations of the svc-storefront package (lib/types) made self-contained. The browser files inline Lit,
// zod/mini and nanostores, so the package depends on none of them (docs/decisions.md, 28), but its declarations
// name their types (LitElement, zod's inferred types, nanostores' atoms). The declaration files of those libraries
// that lib/types reaches are copied to lib/types/vendor/<package>/ with their licences, and every import of them
// points there: an app type-checks without installing them (14 MB). Relative imports of our own files end in `.js`.
// React (svc-storefront/jsx), msw (./testing) and @lit-labs/ssr (./ssr) stay imports: the app brings those.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const TYPES = resolve('lib/types');
const VENDOR = join(TYPES, 'vendor');
const VENDORED = new Set(['lit', 'lit-html', 'lit-element', '@lit/reactive-element', '@lit/context', '@lit/task', 'nanostores', 'zod', '@types/trusted-types']);
const EXTERNAL = new Set(['react', 'msw', '@lit-labs/ssr', 'svc-storefront']); // and the package itself (its exports)
const OPTIONS = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] };
const resolveModule = (spec, from) => ts.resolveModuleName(spec, from, OPTIONS, ts.sys, undefined, undefined, ts.ModuleKind.ESNext).resolvedModule?.resolvedFileName;
const resolveTypes = (name, from) => ts.resolveTypeReferenceDirective(name, from, OPTIONS, ts.sys, undefined, undefined, ts.ModuleKind.ESNext).resolvedTypeReferenceDirective?.resolvedFileName;

const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');
const NODE_MODULES = `${sep}node_modules${sep}`;

/** node_modules/<package>/<path> of a resolved file → [package, path inside it]. */
function splitModulePath(file) {
  const inside = file.slice(file.lastIndexOf(NODE_MODULES) + NODE_MODULES.length).split(sep);
  const name = inside[0].startsWith('@') ? inside.slice(0, 2).join('/') : inside[0];
  return [name, inside.slice(name.split('/').length).join('/')];
}

const copies = new Map(); // original file → its copy under vendor/
const queue = [];

/** Where a resolved declaration file lives in the package: ours where they are, a vendored one's copy (queued once). */
function placeOf(resolved) {
  if (!resolved.includes(NODE_MODULES)) return resolved;
  let copy = copies.get(resolved);
  if (!copy) {
    const [name, path] = splitModulePath(resolved);
    if (!VENDORED.has(name)) throw new Error(`${resolved}: ${name} is neither vendored nor external (scripts/package-types.mjs)`);
    copy = join(VENDOR, name, path);
    copies.set(resolved, copy);
    queue.push(resolved);
  }
  return copy;
}

/** The specifier of `to` from `from`, as a JavaScript path (`.d.ts` → `.js`, `.d.cts` → `.cjs`). */
const specifierOf = (from, to) => {
  const path = relative(dirname(from), to).split(sep).join('/').replace(/\.d\.([mc]?)ts$/, '.$1js');
  return path.startsWith('.') ? path : `./${path}`;
};

/** The module specifiers of a declaration file as string-literal nodes: imports, re-exports and `import("…")` types. */
function specifierLiterals(source) {
  const found = [];
  const visit = (node) => {
    const literal = ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node.moduleSpecifier
      : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) ? node.argument.literal
        : ts.isExternalModuleReference(node) ? node.expression : undefined;
    if (literal && ts.isStringLiteral(literal)) found.push(literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * `text` (the declarations of `original`, to be written at `target`) with every import naming the exact file it
 * means (what a consumer's `node16` resolution needs): our own and relative ones as they resolve, vendored packages
 * as their copies; a type reference directive becomes a path reference. A bare import of a package neither vendored
 * nor external is an error.
 */
function rewrite(text, original, target) {
  const source = ts.createSourceFile(original, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const literal of specifierLiterals(source)) {
    const spec = literal.text;
    if (spec.startsWith('node:') || (!spec.startsWith('.') && EXTERNAL.has(packageOf(spec)))) continue;
    const resolved = resolveModule(spec, original);
    if (!resolved) throw new Error(`${original}: cannot resolve ${spec}`);
    edits.push({ pos: literal.getStart(source) + 1, end: literal.end - 1, text: specifierOf(target, placeOf(resolved)) });
  }
  for (const { fileName: name, pos, end } of source.typeReferenceDirectives) {
    if (name === 'node') continue; // svc-storefront/webhooks and /ssr run in Node: the app has Node's types
    const resolved = resolveTypes(name, original);
    if (!resolved) throw new Error(`${original}: cannot resolve the types of ${name}`);
    const start = text.lastIndexOf('<reference', pos);
    edits.push({ pos: start, end: end + 1, text: `<reference path="${specifierOf(target, placeOf(resolved)).replace(/\.([mc]?)js$/, '.d.$1ts')}"` });
  }
  let result = text;
  for (const edit of edits.sort((a, b) => b.pos - a.pos)) result = result.slice(0, edit.pos) + edit.text + result.slice(edit.end);
  return result;
}

const ownFiles = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return path === VENDOR ? [] : ownFiles(path);
  return entry.name.endsWith('.d.ts') ? [path] : [];
});

// Our files are rewritten in place; the original of each is itself (its imports resolve from lib/types, which sits
// in the project, so node_modules is found as for the sources).
for (const file of ownFiles(TYPES)) writeFileSync(file, rewrite(readFileSync(file, 'utf8'), file, file));
while (queue.length) {
  const original = queue.shift();
  const copy = copies.get(original);
  mkdirSync(dirname(copy), { recursive: true });
  writeFileSync(copy, rewrite(readFileSync(original, 'utf8'), original, copy));
}

// each vendored package's licence beside its copy
const packages = new Set([...copies.keys()].map((file) => splitModulePath(file)[0]));
for (const name of packages) {
  const root = join('node_modules', name);
  const licence = readdirSync(root).find((file) => /^licen[cs]e/i.test(file));
  if (!licence) throw new Error(`${name} has no licence file to ship with its declarations`);
  copyFileSync(join(root, licence), join(VENDOR, name, licence));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(VENDOR, name, 'VERSION'), `${name}@${version}, declaration files only\n`);
}
console.log(`types: ${copies.size} declaration files of ${[...packages].sort().join(', ')} in lib/types/vendor/`);
