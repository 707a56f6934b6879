import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, ContractError, NetworkError } from '../../src/client/errors.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { FIELD_OF } from '../../src/elements/checkout/checkout-form.ts';
import { errorText, fieldLabel, fieldText } from '../../src/elements/shared/server-errors.ts';

// The buyers' texts of the service's errors (src/elements/shared/server-errors.ts): every code of the contract and
// every field the checkout marks has its own sentence in both languages, and none is the service's message.
const LANGS = ['id', 'en'] as const;
const target = { method: 'POST', path: '/v3/stores/s/public/checkout' };
const apiError = (status: number, code: string, fields?: Record<string, string>) =>
  new ApiError({ ...target, status, code, message: `SERVER MESSAGE ${code}`, fields });
const GENERIC = { id: 'Terjadi kesalahan. Silakan coba lagi.', en: 'Something went wrong. Please try again.' };

describe('buyer texts of the service\'s errors', () => {
  it('every error code of the contract has a sentence of its own in Indonesian and in English', () => {
    for (const code of ErrorCode.options) {
      const status = code === 'internal_error' ? 500 : code === 'rate_limited' ? 429 : 400;
      const [id, en] = LANGS.map((lang) => errorText(apiError(status, code), lang));
      assert.notEqual(id, GENERIC.id, `${code} (id) is only the generic text`);
      assert.notEqual(en, GENERIC.en, `${code} (en)`);
      assert.notEqual(id, en, `${code}: the two languages differ`);
      assert.ok(!id.includes('SERVER MESSAGE') && !en.includes('SERVER MESSAGE'), code);
    }
  });

  it('every field the checkout marks has a name and a sentence in both languages', () => {
    for (const path of Object.keys(FIELD_OF)) {
      for (const lang of LANGS) {
        assert.ok(fieldLabel(path, lang), `${path} (${lang}) has a name`);
        assert.ok(!fieldText(path, 'validation_error', lang).startsWith('Periksa kembali isian'), `${path} (${lang}) has its own sentence`);
      }
    }
  });

  it('names the fields of a validation error, items by their names, and unknown ones by their nearest known parent', () => {
    const refused = apiError(400, 'validation_error', { 'customer.phone': 'x', 'destination.postal_code': 'y' });
    assert.equal(errorText(refused, 'id'), 'Periksa kembali: Nomor HP, Kode pos.');
    assert.equal(errorText(refused, 'en'), 'Please check: Phone number, Postal code.');
    const stock = apiError(400, 'out_of_stock', { 'items.1.quantity': 'Only 2 of Kopi left' });
    assert.equal(errorText(stock, 'id', { itemName: (i) => ['Kaos', 'Kopi Gayo'][i] }), 'Stok tidak mencukupi. Kurangi jumlah Kopi Gayo.');
    assert.equal(errorText(stock, 'en'), 'Not enough stock. Lower the quantity of item 2.');
    assert.equal(errorText(apiError(400, 'odd_code', { 'destination.village': 'z' }), 'id'), 'Periksa kembali: Alamat pengiriman.');
    assert.equal(errorText(apiError(400, 'odd_code', { whatever: 'z' }), 'id'), GENERIC.id);
  });

  it('says what happened when there was no readable answer', () => {
    assert.equal(errorText(new NetworkError(target, new TypeError('failed')), 'id'), 'Tidak ada koneksi. Periksa internet Anda.');
    assert.equal(errorText(new ContractError({ ...target, status: 201 }, []), 'en'), 'The store’s answer could not be read. Try again in a moment.');
    assert.equal(errorText(apiError(503, 'service_unavailable'), 'id'), 'Toko sedang bermasalah. Coba lagi sebentar lagi.');
  });
});
