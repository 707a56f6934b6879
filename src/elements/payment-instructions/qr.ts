/** A QR code as one SVG path: crisp at any size, no canvas, scannable from the screen. */
export type QrPath = { size: number; d: string };

/**
 * Encodes `text` with lean-qr's nano build, imported on first use so that only pages showing a QRIS
 * payment load it (its own chunk). Each run of dark modules in a row becomes one rectangle of the path.
 */
export async function qrPath(text: string): Promise<QrPath> {
  const { generate } = await import('lean-qr/nano');
  const code = generate(text);
  let d = '';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      let run = 1;
      while (code.get(x + run, y)) run++;
      d += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { size: code.size, d };
}
