import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { etaDays, money } from '../../../src/elements/shared/format.ts';
import { localeOf } from '../../../src/elements/shared/i18n.ts';

/**
 * `money()` writes what Intl.NumberFormat writes for IDR without decimals, in this browser, in both UI languages.
 * WebKitGTK (with Debian's ICU) has no en-ID data: en-ID resolves to plain en there and writes "IDR 85,000". Where a
 * locale resolves to another, the reference is id-ID's, which every engine has (Chromium and Firefox resolve en-ID).
 */
const currency = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'IDR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const intl = Object.fromEntries((['id', 'en'] as const).map((lang) => {
  const format = currency(localeOf(lang));
  return [lang, format.resolvedOptions().locale === localeOf(lang) ? format : currency('id-ID')];
}));

describe('money()', () => {
  it('formats like Intl.NumberFormat: known amounts, signs and halves', () => {
    for (const amount of ['85000', '0', '-0', '0.5', '-0.5', '2.5', '999.5', '-1234567', '1000000000000000', 85000, -42]) {
      for (const lang of ['id', 'en'] as const) expect(money(amount, lang), `${amount} ${lang}`).to.equal(intl[lang]!.format(Number(amount)));
    }
    expect(money('85000', 'en')).to.equal('Rp\u00a085.000');
  });

  it('formats like Intl.NumberFormat: thousands of random amounts', () => {
    const amount = fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.double({ min: -1e9, max: 1e9, noNaN: true }));
    fc.assert(fc.property(amount, fc.constantFrom('id' as const, 'en' as const), (value, lang) => {
      expect(money(String(value), lang)).to.equal(intl[lang]!.format(Number(String(value)))); // the wire carries strings
    }), { numRuns: 3000 });
  });
});

describe('etaDays()', () => {
  it('reads a range of equal ends as one number, in both languages', () => {
    expect(etaDays(1, 1)).to.equal('1 hari');
    expect(etaDays(1, 1, 'id')).to.equal('1 hari');
    expect(etaDays(1, 1, 'en')).to.equal('1 day');
    expect(etaDays(3, 3, 'en')).to.equal('3 days');
    expect(etaDays(2, 3, 'id')).to.equal('2–3 hari');
    expect(etaDays(2, 3, 'en')).to.equal('2–3 days');
    expect(etaDays(0, 1, 'en')).to.equal('0–1 days');
  });

  it('never writes a range with equal ends', () => {
    fc.assert(fc.property(fc.nat(30), fc.nat(30), fc.constantFrom('id' as const, 'en' as const), (min, max, lang) => {
      const text = etaDays(min, max, lang);
      expect(text).not.to.match(/^(\d+)–\1 /); // anchored: "12–2" holds no equal ends
      expect(text).to.match(min === max ? /^\d+ (hari|days?)$/ : /^\d+–\d+ (hari|days)$/);
    }));
  });
});
