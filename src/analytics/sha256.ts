/**
 * SHA-256 as lowercase hex, synchronous. `crypto.subtle` exists only in secure contexts and is asynchronous; the
 * runtime must hash e-mail and phone on plain-http landing pages too, and before a navigation to `payment_url`.
 */
const K: number[] = [];
const INITIAL: number[] = [];
// The constants are the fractional parts of the square and cube roots of the first primes (FIPS 180-4 §4.2.2, §5.3.3).
for (let candidate = 2, found = 0; found < 64; candidate++) {
  let prime = true;
  for (let d = 2; d * d <= candidate; d++) if (candidate % d === 0) prime = false;
  if (!prime) continue;
  if (found < 8) INITIAL[found] = (candidate ** 0.5 * 2 ** 32) | 0;
  K[found++] = (candidate ** (1 / 3) * 2 ** 32) | 0;
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, bytes.length * 8); // inputs here are far below 512 MB
  const h = INITIAL.slice();
  const w: number[] = [];
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 64; i++) {
      const a = w[i - 15], b = w[i - 2];
      w[i] = i < 16
        ? view.getUint32(block + i * 4)
        : (w[i - 16] + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7] + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10))) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((x, i) => (h[i] = (h[i] + x) | 0));
  }
  return h.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
}
