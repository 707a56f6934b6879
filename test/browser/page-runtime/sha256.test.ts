import { expect } from '@open-wc/testing';
import { sha256Hex } from '../../../src/analytics/sha256.ts';
import { normalisePhone } from '../../../src/page-runtime/attribution.ts';

const subtle = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('page runtime: hashing of buyer data', () => {
  it('matches Web Crypto SHA-256 across block boundaries and non-ASCII text', async () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(119), 'Budi Santoso — ñ 😀', 'x'.repeat(1000)]) {
      expect(sha256Hex(text), JSON.stringify(text.slice(0, 12))).to.equal(await subtle(text));
    }
  });

  it('normalises Indonesian phone numbers to digits with the country code', () => {
    expect(['0812-3456-7890', '+62 812 3456 7890', '812 3456 7890', '6281234567890'].map(normalisePhone))
      .to.deep.equal(Array(4).fill('6281234567890'));
  });
});
