// The CSS check of `npm run lint` (scripts/check-css.mjs): each newer feature without its fallback is reported, each
// with its fallback passes, and the project's own stylesheets pass (docs/browsers.md, "Fallbacks").
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { checkCss, cssTemplates } from '../../scripts/check-css.mjs';

const one = (css: string) => checkCss(css).map((problem) => problem.replace(/^\d+: /, ''));

describe('CSS newer than the browser policy', () => {
  it('is reported without its fallback', () => {
    assert.match(one('.a { background: color-mix(in srgb, red 10%, white); }').join(), /color-mix\(\).*plain `background`/);
    assert.match(one('.a { backdrop-filter: blur(2px); }').join(), /-webkit-backdrop-filter/);
    assert.match(one('.a { min-block-size: 1lh; }').join(), /lh unit/);
    assert.match(one('.a { height: 100dvh; }').join(), /dynamic viewport unit/);
    assert.match(one('.a { width: 50cqw; }').join(), /container unit/);
    assert.match(one('.a { translate: 0 -50%; }').join(), /use transform/);
    assert.match(one('.a { --x: color-mix(in srgb, red, blue); }').join(), /@supports/);
    assert.match(one('.a { .b { color: red; } }').join(), /nesting/);
    assert.match(one('.a:has(b), .c { color: red; }').join(), /:has\(\) in a selector list/);
    assert.match(one('@property --x { syntax: "<length>"; inherits: false; initial-value: 0px; }').join(), /@property/);
  });

  it('passes with its fallback', () => {
    assert.deepEqual(one(`.a { background: #eee; background: color-mix(in srgb, red 10%, white); }
      .b { -webkit-backdrop-filter: blur(2px); backdrop-filter: blur(2px); }
      .c { height: 100vh; height: 100dvh; min-block-size: 1.35em; transform: translateY(-50%); }
      @container (width > 34rem) { .d { width: 50cqw; } }
      @supports (color: color-mix(in srgb, red, red)) { .e { --x: color-mix(in srgb, red, blue); } }
      .f:has(input:checked) { color: red; }`), []);
  });

  it('is found in Lit css templates, interpolations and all, with their line', () => {
    const source = "import { css } from 'lit';\nconst x = 1;\nexport const s = css`\n  .a { gap: ${x}px; }\n`;\n// adoptCss` is no template";
    assert.deepEqual(cssTemplates(source), [{ line: 3, text: '\n  .a { gap: var(--interpolated)px; }\n' }]);
  });

  it('has no findings in the elements and the demo', () => {
    assert.match(execFileSync(process.execPath, ['scripts/check-css.mjs'], { encoding: 'utf8' }), /every newer feature has its fallback/);
  });
});
