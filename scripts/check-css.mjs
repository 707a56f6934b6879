// `npm run lint:css`: CSS newer than the browser policy (docs/browsers.md, "Fallbacks") must come with its fallback,
// in the elements' Lit `css` templates (src/, not the server) and the demo's stylesheets and <style> blocks.
// A list of our own rather than caniuse data: it knows what a fallback looks like (a plain declaration of the same
// property before the newer one) and which features we allow as enhancements (container queries over a layout that
// works without them, `:has()` alone in its rule).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss from 'postcss';

/** Values that need a plain declaration of the same property before them in the same rule. */
const NEEDS_FALLBACK = [
  [/color-mix\(/, 'color-mix() (Safari 16.2, Chrome 111)'],
  [/\b(light-dark|oklch|oklab|lch|lab)\(/, 'a newer colour function (Chrome 111)'],
  [/\d(d|s|l)v(h|w|i|b|min|max)\b/, 'a dynamic viewport unit (Chrome 108)'],
  [/\d(cq(w|h|i|b|min|max))\b/, 'a container unit outside a container query (Safari 16)'],
];
/** Values and properties that are errors wherever they appear. */
const FORBIDDEN_VALUES = [[/\d(r?lh)\b/, 'the lh unit (Safari 16.4, Chrome 109): use em']];
const FORBIDDEN_PROPERTIES = { translate: 'individual transforms (Chrome 104): use transform', rotate: 'individual transforms (Chrome 104): use transform', scale: 'individual transforms (Chrome 104): use transform' };
/** Properties that need their prefixed twin before them. */
const PREFIXED = { 'backdrop-filter': '-webkit-backdrop-filter' };
const FORBIDDEN_AT_RULES = { property: '@property (Firefox 128)', scope: '@scope', 'starting-style': '@starting-style', 'position-try': 'anchor positioning' };
const FORBIDDEN_SELECTORS = [[/:(user-invalid|user-valid|popover-open|open|state)\b/, 'a selector Safari 15.4 or Chrome 100 drops the whole rule for']];

const inside = (node, atRule) => { for (let n = node.parent; n; n = n.parent) if (n.type === 'atrule' && n.name === atRule) return true; return false; };

/** The problems in one stylesheet, as `line: message`. */
export function checkCss(text) {
  const problems = [];
  const root = postcss.parse(text);
  const report = (node, message) => problems.push(`${node.source?.start?.line ?? '?'}: ${message}`);
  root.walkAtRules((rule) => { if (FORBIDDEN_AT_RULES[rule.name]) report(rule, FORBIDDEN_AT_RULES[rule.name]); });
  root.walkRules((rule) => {
    if (rule.parent?.type === 'rule') report(rule, 'CSS nesting (Safari 16.5, Chrome 112)');
    for (const [pattern, what] of FORBIDDEN_SELECTORS) if (pattern.test(rule.selector)) report(rule, what);
    // `:has()` is an enhancement: alone, so that a browser without it drops only that rule
    if (rule.selector.includes(':has(') && rule.selectors.length > 1) report(rule, ':has() in a selector list (Chrome 105, Firefox 121): give it a rule of its own');
    const seen = [];
    rule.each((decl) => {
      if (decl.type !== 'decl') return;
      const { prop, value } = decl;
      for (const [pattern, what] of FORBIDDEN_VALUES) if (pattern.test(value)) report(decl, what);
      if (FORBIDDEN_PROPERTIES[prop]) report(decl, FORBIDDEN_PROPERTIES[prop]);
      if (PREFIXED[prop] && !seen.some((before) => before.prop === PREFIXED[prop])) report(decl, `${prop} needs ${PREFIXED[prop]} before it (Safari before 18)`);
      for (const [pattern, what] of NEEDS_FALLBACK) {
        if (!pattern.test(value)) continue;
        if (what.startsWith('a container unit') && inside(rule, 'container')) continue;
        // a custom property takes any value, so a plain one before it is no fallback: `@supports` around it is
        if (prop.startsWith('--')) {
          if (!inside(rule, 'supports')) report(decl, `${what} in a custom property needs an @supports around it`);
          continue;
        }
        const fallback = seen.some((before) => before.prop === prop && !NEEDS_FALLBACK.some(([p]) => p.test(before.value)));
        if (!fallback) report(decl, `${what} needs a plain \`${prop}\` before it`);
      }
      seen.push(decl);
    });
  });
  return problems;
}

/** Each Lit `css` template of a source file (interpolations stand in as a custom property), with its first line. */
export function cssTemplates(source) {
  return [...source.matchAll(/(?<![\w$`./-])css`([^`]*)`/g)].map((match) => ({
    line: source.slice(0, match.index).split('\n').length,
    text: match[1].replace(/\$\{[^}]*\}/g, 'var(--interpolated)'),
  }));
}

function files(dir, extensions) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith('src/server') || entry.name === 'node_modules' ? [] : files(path, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) ? [path] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = [];
  const check = (file, text, firstLine = 1) => {
    for (const problem of checkCss(text)) {
      const [line, ...message] = problem.split(': ');
      found.push(`${relative(process.cwd(), file)}:${Number(line) + firstLine - 1}: ${message.join(': ')}`);
    }
  };
  for (const file of files('src', ['.ts'])) for (const { line, text } of cssTemplates(readFileSync(file, 'utf8'))) check(file, text, line);
  for (const file of files('demo', ['.css'])) check(file, readFileSync(file, 'utf8'));
  for (const file of files('demo', ['.html'])) {
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) check(file, match[1], html.slice(0, match.index).split('\n').length);
  }
  if (found.length) {
    console.error(`CSS newer than the browser policy without its fallback (docs/browsers.md, "Fallbacks"):\n${found.join('\n')}`);
    process.exit(1);
  }
  console.log('css: every newer feature has its fallback');
}
