/** Pixels per QR module in the saved image, and the quiet zone scanners need around it (in modules). */
export const QR_SCALE = 10;
export const QR_QUIET = 4;

export type QrCaption = { store: string; amount: string; order: string };

/**
 * The QR code as a PNG to keep in the phone's gallery: black modules on white at `QR_SCALE` px each inside a
 * `QR_QUIET`-module margin (the image is as wide as the code with its margin), then the store's name, the amount and
 * the order number under it, so the picture says what it pays for. Drawn on a canvas from lean-qr's own modules.
 */
export async function qrPng(text: string, caption: QrCaption): Promise<Blob> {
  const { generate } = await import('lean-qr/nano');
  const code = generate(text);
  const side = (code.size + QR_QUIET * 2) * QR_SCALE;
  const lines = [
    { text: caption.store, font: `700 ${side / 15}px system-ui, sans-serif`, colour: '#1c1917' },
    { text: caption.amount, font: `700 ${side / 12}px system-ui, sans-serif`, colour: '#1c1917' },
    { text: caption.order, font: `${side / 22}px system-ui, sans-serif`, colour: '#57534e' },
  ];
  const lineHeight = side / 9;
  const canvas = Object.assign(document.createElement('canvas'), { width: side, height: side + lineHeight * lines.length + QR_SCALE * 2 });
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) ctx.fillRect((x + QR_QUIET) * QR_SCALE, (y + QR_QUIET) * QR_SCALE, QR_SCALE, QR_SCALE);
    }
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => {
    ctx.font = line.font;
    ctx.fillStyle = line.colour;
    ctx.fillText(line.text, side / 2, side + lineHeight * (i + 0.4), side - QR_SCALE * 4);
  });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}

/** iPhone and iPad Safari (an iPad says "Macintosh"): there a download lands in Files, the share sheet saves to Photos. */
const isIos = () => /iP(hone|od|ad)/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

/**
 * Puts `blob` where the buyer's payment app can pick it from the gallery. On iOS, the share sheet with the file
 * ("Simpan Gambar" saves it to Photos) where the browser can share files; elsewhere (Android Chrome saves downloads
 * where the gallery shows them, desktops), and as the fallback, a download through an `<a download>` of a blob URL.
 * Resolves `false` when the buyer closed the share sheet.
 */
export async function saveImage(blob: Blob, fileName: string, host: Node): Promise<boolean> {
  const file = new File([blob], fileName, { type: blob.type });
  if (isIos() && navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file] });
      return true;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return false;
      // not allowed here (an embedding frame's policy): download instead
    }
  }
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName, hidden: true });
  host.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
