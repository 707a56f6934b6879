import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// custom-elements.json (from the elements' JSDoc) against the element code, statically: every documented part, slot
// and custom property is in the templates or styles of the element (or of the shared modules it renders), every
// event the element dispatches is documented, and every documented event is fired by it or by an element it renders.
// Static, because many parts show only in some states (errors, dialogs, paying…); test/browser/elements/manifest
// checks the other way round on rendered elements: every part they render is documented.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ELEMENTS = join(ROOT, 'src/elements');
const MANIFEST = join(ROOT, 'dist/custom-elements.json');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}
const newest = Math.max(...files(ELEMENTS).map((f) => statSync(f).mtimeMs));
if (!existsSync(MANIFEST) || statSync(MANIFEST).mtimeMs < newest) {
  // what `npm run build` does for the manifest (scripts/manifest.mjs), without the rest of the build
  execFileSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}

type Named = { name: string };
type Declaration = { tagName?: string; cssParts?: Named[]; cssProperties?: Named[]; slots?: Named[]; events?: Named[] };
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { modules: { path: string; declarations?: Declaration[] }[] };
const elements = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.tagName).map((d) => ({ ...d, file: join(ROOT, m.path) })));

const source = (file: string) => readFileSync(file, 'utf8');
const isElementModule = (file: string) => /\bdefine\('svc-/.test(source(file));

/** The element's module and the modules of src/elements it imports, stopping at other elements (they document their own). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  for (const [, spec] of source(file).matchAll(/\b(?:import|from)\s*\(?\s*'(\.[^']+\.ts)'/g)) {
    const next = resolve(dirname(file), spec);
    if (!next.startsWith(ELEMENTS) || seen.has(next) || !existsSync(next) || isElementModule(next)) continue;
    closure(next, seen);
  }
  return seen;
}

/** The part names a template can give: `part="a b"` and the string literals of `part=${…}`. */
function partsIn(text: string): Set<string> {
  const parts = new Set<string>();
  const add = (value: string) => value.split(/\s+/).filter((p) => p && !p.includes('$')).forEach((p) => parts.add(p));
  for (const [, value] of text.matchAll(/\bpart="([^"]*)"/g)) add(value!);
  for (const [, expression] of text.matchAll(/\bpart=\$\{([^}]*)\}/g)) for (const [, value] of expression!.matchAll(/'([^']*)'/g)) add(value!);
  // a nested element's part under another name: exportparts="button:add-to-cart"
  for (const [, value] of text.matchAll(/\bexportparts="([^"]*)"/g)) value!.split(',').forEach((p) => add(p.split(':').pop()!.trim()));
  return parts;
}

/** Event class name → event type, from the event modules (`super('svc-…'`). */
const eventTypes = new Map<string, string>();
for (const file of files(join(ELEMENTS, 'shared')).filter((f) => /event/.test(f))) {
  for (const [, name, type] of source(file).matchAll(/class (\w+) extends SvcEvent[\s\S]*?super\('([^']+)'/g)) eventTypes.set(name!, type!);
}

function dispatched(text: string): Set<string> {
  const fired = new Set<string>();
  for (const [, name] of text.matchAll(/dispatchEvent\(new (\w+)\(/g)) if (eventTypes.has(name!)) fired.add(eventTypes.get(name!)!);
  for (const [, type] of text.matchAll(/dispatchEvent\(new (?:Custom)?Event\('([^']+)'/g)) fired.add(type!);
  return fired;
}

const names = (list?: Named[]) => (list ?? []).map((x) => x.name);

/** docs/theming.md: the section of each element (`### \`<svc-x>\``), its backticked names. */
const theming = readFileSync(join(ROOT, 'docs/theming.md'), 'utf8');
const themingNames = (tag: string) => {
  const section = theming.split(/^### /m).find((s) => s.startsWith(`\`<${tag}>\``)) ?? '';
  return new Set([...section.split(/^## /m)[0]!.matchAll(/`([a-z][a-z0-9*-]*)`/g)].map(([, name]) => name!));
};

describe('custom-elements.json against the element code', () => {
  it('lists the fifteen elements', () => {
    assert.deepEqual(elements.map((e) => e.tagName).sort(), ['svc-account', 'svc-add-to-cart', 'svc-cart', 'svc-cart-button', 'svc-catalog',
      'svc-checkout', 'svc-context', 'svc-list', 'svc-location-picker', 'svc-order-status', 'svc-payment-instructions', 'svc-product', 'svc-sign-in',
      'svc-store', 'svc-variant-selector']);
    assert.ok(eventTypes.size >= 10, 'the event classes were found');
  });

  for (const element of elements) {
    const text = [...closure(element.file)].map(source).join('\n');
    const nested = [...new Set([...text.matchAll(/<(svc-[a-z-]+)/g)].map(([, tag]) => tag!))].filter((tag) => tag !== element.tagName);

    it(`${element.tagName}: every documented part is in its templates`, () => {
      const parts = partsIn(text);
      const missing = names(element.cssParts).filter((p) => (p.endsWith('*') ? !text.includes(`'${p.slice(0, -1)}'`) : !parts.has(p)));
      assert.deepEqual(missing, [], `documented but never rendered (${relative(ROOT, element.file)})`);
    });

    it(`${element.tagName}: every documented slot and custom property is used`, () => {
      // slot names made in the template (`<slot name=${`${level}-label`}>`): the suffix there, the rest a literal
      const made = [...text.matchAll(/<slot name=\$\{`\$\{\w+\}([^`]*)`\}/g)].map(([, suffix]) => suffix!);
      const used = (s: string) => text.includes(`<slot name="${s}"`) || made.some((suffix) => s.endsWith(suffix) && text.includes(`'${s.slice(0, -suffix.length)}'`));
      const slots = names(element.slots).filter((s) => !(s ? used(s) : /<slot[\s>](?![^>]*name=)/.test(text)));
      assert.deepEqual(slots, [], 'slots documented but not in a template');
      const properties = names(element.cssProperties).filter((p) => !text.includes(p) && !source(join(ROOT, 'src/elements/shared/reserved-boxes.ts')).includes(p));
      assert.deepEqual(properties, [], 'custom properties documented but never read');
    });

    it(`${element.tagName}: every custom property of its own is documented`, () => {
      // read in the element's folder, not a shared token of src/elements/shared (--svc-color-primary, …)
      const read = (files: string[]) => new Set(files.flatMap((f) => [...source(f).matchAll(/var\((--svc-[a-z0-9-]+)/g)].map(([, p]) => p!)));
      const shared = read(files(join(ELEMENTS, 'shared')));
      const own = [...read(files(dirname(element.file)))].filter((p) => !shared.has(p));
      assert.deepEqual(own.filter((p) => !names(element.cssProperties).includes(p)), [], 'read in its styles but not documented (@cssproperty)');
    });

    it(`${element.tagName}: docs/theming.md lists every part and slot`, () => {
      const listed = themingNames(element.tagName!);
      const missing = [...names(element.cssParts), ...names(element.slots).filter(Boolean)].filter((name) => !listed.has(name));
      assert.deepEqual(missing, [], `add them to the ${element.tagName} section of docs/theming.md`);
    });

    it(`${element.tagName}: the events it fires are documented, the documented ones are fired`, () => {
      const fired = dispatched(text);
      const documented = new Set(names(element.events));
      assert.deepEqual([...fired].filter((e) => !documented.has(e)), [], 'fired but not documented (@fires)');
      const nestedEvents = new Set(elements.filter((e) => nested.includes(e.tagName!)).flatMap((e) => [...dispatched([...closure(e.file)].map(source).join('\n'))]));
      assert.deepEqual([...documented].filter((e) => !fired.has(e) && !nestedEvents.has(e)), [], 'documented but fired by no code of the element or of an element inside it');
    });
  }
});
