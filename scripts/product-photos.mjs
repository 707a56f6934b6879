// The demo's product photos (demo/img/*.webp) are generated, not photographed: each product is drawn as an SVG
// "studio shot" (neutral backdrop, soft floor shadow, shading gradients, fabric/paper grain from feTurbulence),
// rendered by Debian's Chromium and encoded with its canvas WebP encoder at 600×600. No network, no stock photos.
//   node --import tsx scripts/product-photos.mjs [slug…]
import { writeFileSync } from 'node:fs';
import { launchChromium } from '../test/e2e/support/demo.ts';

const grain = (id, freq = 0.9, opacity = 0.18) => `<filter id="${id}" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="7"/>
  <feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${opacity} 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>`;

/** Light from the top left: a highlight-to-shadow wash laid over a flat colour. */
const SHADE = `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/>
  <stop offset="1" stop-color="#000" stop-opacity=".32"/></linearGradient>
  <linearGradient id="side" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".25"/><stop offset=".2" stop-color="#fff" stop-opacity=".18"/>
  <stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>`;

/** A shape in `color`, shaded, with grain; `extra` drawn on top, clipped to nothing. */
function solid(id, d, color, { grainFreq = 0.9, grainOpacity = 0.18, shade = 'shade' } = {}) {
  return `<clipPath id="c${id}"><path d="${d}"/></clipPath>
    <path d="${d}" fill="${color}"/>
    <g clip-path="url(#c${id})"><rect width="600" height="600" fill="url(#${shade})"/>
    <rect width="600" height="600" fill="#888" filter="url(#g${id})"/></g>
    <defs>${grain(`g${id}`, grainFreq, grainOpacity)}</defs>`;
}

const SHIRT = 'M214 132 L262 112 Q300 140 338 112 L386 132 L470 196 L432 262 L394 238 L396 486 Q300 498 204 486 L206 238 L168 262 L130 196 Z';
const TANK = 'M236 112 Q246 170 300 176 Q354 170 364 112 L384 118 Q378 200 396 240 L398 486 Q300 498 202 486 L204 240 Q222 200 216 118 Z';

const shirt = (color, { collar = 'crew', sleeves, pattern, tank = false, scale = 1, buttons = false } = {}) => {
  const d = tank ? TANK : SHIRT;
  const sleeveLayer = sleeves ? `<path d="M214 132 L262 112 Q268 150 250 180 L206 238 L168 262 L130 196 Z M386 132 L338 112 Q332 150 350 180 L394 238 L432 262 L470 196 Z" fill="${sleeves}" opacity=".95"/>` : '';
  const patternLayer = pattern ? `<g clip-path="url(#cshirt)" opacity=".55">${pattern}</g>` : '';
  const collarLayer = collar === 'polo'
    ? `<path d="M262 112 L300 170 L338 112 L322 104 L300 140 L278 104 Z" fill="${color}" stroke="#0003" stroke-width="2"/><line x1="300" y1="150" x2="300" y2="215" stroke="#0003" stroke-width="2"/><circle cx="300" cy="178" r="4" fill="#fff8"/><circle cx="300" cy="200" r="4" fill="#fff8"/>`
    : collar === 'hood'
      ? `<path d="M250 118 Q300 40 350 118 Q300 170 250 118 Z" fill="${color}" stroke="#0002" stroke-width="3"/><path d="M236 360 H364 L380 430 H220 Z" fill="#0001" stroke="#0002" stroke-width="2"/>`
      : collar === 'shirt'
        ? `<path d="M262 112 L300 160 L338 112 L330 100 L300 130 L270 100 Z" fill="${color}" stroke="#0004" stroke-width="2"/><line x1="300" y1="160" x2="300" y2="490" stroke="#0004" stroke-width="2"/>`
        : tank ? '' : `<path d="M262 112 Q300 146 338 112" fill="none" stroke="#0003" stroke-width="6"/>`;
  const buttonLayer = buttons ? [190, 250, 310, 370, 430].map((y) => `<circle cx="312" cy="${y}" r="5" fill="#d9c7a0" stroke="#0004"/>`).join('') : '';
  return `<g transform="translate(300 300) scale(${scale}) translate(-300 -300)">
    ${solid('shirt', d, color, { grainFreq: 1.2, grainOpacity: 0.22 })}${sleeveLayer}${patternLayer}
    <path d="M250 250 Q270 330 256 470 M350 260 Q330 360 346 470" fill="none" stroke="#000" stroke-opacity=".08" stroke-width="10" filter="url(#soft)"/>
    ${collarLayer}${buttonLayer}</g>`;
};

const plaid = (a, b) => [...Array(12)].map((_, i) => `<rect x="${i * 50}" y="0" width="18" height="600" fill="${a}"/><rect x="0" y="${i * 50}" width="600" height="18" fill="${b}"/>`).join('');

const jar = (glass, fill, lid, label, text) => `
  <rect x="214" y="188" width="172" height="300" rx="34" fill="${glass}" opacity=".55"/>
  <rect x="226" y="220" width="148" height="258" rx="26" fill="${fill}"/>
  <rect x="214" y="188" width="172" height="300" rx="34" fill="url(#side)"/>
  <rect x="232" y="150" width="136" height="48" rx="10" fill="${lid}"/><rect x="232" y="150" width="136" height="48" rx="10" fill="url(#side)"/>
  <rect x="214" y="290" width="172" height="110" fill="${label}"/><rect x="214" y="290" width="172" height="110" fill="url(#side)" opacity=".7"/>
  <text x="300" y="352" text-anchor="middle" font-family="Georgia, serif" font-size="24" font-weight="700" fill="#2b1d14">${text}</text>
  <path d="M236 210 Q230 330 240 470" stroke="#fff" stroke-opacity=".55" stroke-width="10" fill="none" filter="url(#soft)"/>`;

const pouch = (color, label, text, window = '') => `
  ${solid('pouch', 'M196 150 H404 L412 470 Q300 492 188 470 Z', color, { grainFreq: 0.7, grainOpacity: 0.15 })}
  <rect x="196" y="150" width="208" height="26" fill="#0002"/>${[...Array(14)].map((_, i) => `<line x1="${202 + i * 14.5}" y1="152" x2="${202 + i * 14.5}" y2="174" stroke="#fff4" stroke-width="3"/>`).join('')}
  <rect x="230" y="260" width="140" height="120" rx="8" fill="${label}"/>
  <text x="300" y="318" text-anchor="middle" font-family="Georgia, serif" font-size="26" font-weight="700" fill="#2b1d14">${text}</text>
  <text x="300" y="350" text-anchor="middle" font-family="system-ui, sans-serif" font-size="13" letter-spacing="3" fill="#2b1d14aa">INDONESIA</text>${window}`;

const box = (color, ribbon) => `
  <path d="M150 250 L300 200 L450 250 L300 300 Z" fill="${color}"/><path d="M150 250 L300 300 V480 L150 430 Z" fill="${color}"/>
  <path d="M450 250 L300 300 V480 L450 430 Z" fill="${color}"/>
  <path d="M150 250 L300 300 V480 L150 430 Z" fill="#fff" opacity=".12"/><path d="M450 250 L300 300 V480 L450 430 Z" fill="#000" opacity=".18"/>
  <path d="M150 250 L300 300 L450 250 L300 200 Z" fill="#888" filter="url(#gbox)"/>
  <path d="M225 225 L375 275 V455 M375 225 L225 275 V455" stroke="${ribbon}" stroke-width="16" fill="none"/>
  <path d="M300 240 q-50 -70 -6 -60 q6 30 6 60 q0 -30 6 -60 q44 -10 -6 60" fill="${ribbon}" stroke="#0002"/>
  <defs>${grain('gbox', 0.8, 0.25)}</defs>`;

const device = (w, h, r, screen) => `
  <rect x="${300 - w / 2}" y="${300 - h / 2 + 20}" width="${w}" height="${h}" rx="${r}" fill="#1f2328"/>
  <rect x="${300 - w / 2 + 10}" y="${300 - h / 2 + 30}" width="${w - 20}" height="${h - 20}" rx="${r - 8}" fill="#000"/>
  <g clip-path="url(#screen)">${screen}</g>
  <clipPath id="screen"><rect x="${300 - w / 2 + 12}" y="${300 - h / 2 + 32}" width="${w - 24}" height="${h - 24}" rx="${r - 10}"/></clipPath>
  <rect x="${300 - w / 2}" y="${300 - h / 2 + 20}" width="${w}" height="${h}" rx="${r}" fill="url(#shade)" opacity=".6"/>`;

/** slug → [the object, the backdrop's tint] */
const PRODUCTS = {
  'kaos-polos': [shirt('#23262b'), '#eceae6'],
  'kaos-polos-putih': [shirt('#f3f1ec'), '#e3e5e8'], // the white variants' own photo
  'kaos-raglan': [shirt('#f1efe9', { sleeves: '#2f4a6d' }), '#e8ebef'],
  'kemeja-flanel': [shirt('#8c2f2b', { collar: 'shirt', pattern: plaid('#1d1b1a', '#1d1b1a') }), '#efe9e4'],
  'hoodie-basic': [shirt('#6f7b86', { collar: 'hood' }), '#e9ebec'],
  'polo-shirt': [shirt('#1f5f4a', { collar: 'polo' }), '#e7ece9'],
  'kaos-anak': [shirt('#f2b134', { scale: 0.78 }), '#f1ede4'],
  'tank-top': [shirt('#e7e2d8', { tank: true }), '#e6e8ea'],
  'jaket-denim': [shirt('#3d5a80', { collar: 'shirt', buttons: true }), '#eceae6'],
  'topi-baseball': [`${solid('cap', 'M190 330 Q196 190 300 180 Q404 190 410 330 Z', '#b83b2e')}
    <path d="M300 180 V330 M246 192 Q236 260 240 330 M354 192 Q364 260 360 330" stroke="#0003" stroke-width="3" fill="none"/>
    <path d="M170 330 Q300 300 430 330 Q470 390 420 400 Q300 372 180 400 Q130 390 170 330 Z" fill="#962f25"/><circle cx="300" cy="182" r="9" fill="#962f25"/>`, '#ece9e5'],
  'topi-terbatas': [`${solid('cap', 'M190 330 Q196 190 300 180 Q404 190 410 330 Z', '#1d2731')}
    <path d="M300 180 V330" stroke="#fff2" stroke-width="3"/><text x="300" y="290" text-anchor="middle" font-family="Georgia, serif" font-size="34" font-weight="700" fill="#e0b84c">LTD</text>
    <path d="M170 330 Q300 300 430 330 Q470 390 420 400 Q300 372 180 400 Q130 390 170 330 Z" fill="#141b22"/><circle cx="300" cy="182" r="9" fill="#e0b84c"/>`, '#e9e7e2'],
  'kaus-kaki': [`${solid('sock', 'M220 140 H300 V360 Q300 420 250 440 L180 470 Q140 480 138 440 Q140 410 180 396 L220 380 Z', '#d9d4c7', { grainFreq: 1.4, grainOpacity: 0.3 })}
    <g transform="translate(110 0)">${solid('sock2', 'M220 140 H300 V360 Q300 420 250 440 L180 470 Q140 480 138 440 Q140 410 180 396 L220 380 Z', '#2f4a6d', { grainFreq: 1.4, grainOpacity: 0.3 })}</g>
    <path d="M220 150 H300 M330 150 H410" stroke="#0003" stroke-width="14"/>`, '#ecebe7'],
  'masker-kain': [`${solid('mask', 'M180 230 Q300 200 420 230 L430 380 Q300 430 170 380 Z', '#6d8a96', { grainFreq: 1.3, grainOpacity: 0.28 })}
    <path d="M176 280 Q300 260 424 280 M174 330 Q300 320 426 330" stroke="#0002" stroke-width="6" fill="none"/>
    <path d="M180 240 Q110 300 172 372 M420 240 Q490 300 428 372" stroke="#eee" stroke-width="7" fill="none"/>`, '#e8ecec'],
  'tas-kanvas': [`<path d="M240 230 Q240 120 300 120 Q360 120 360 230" stroke="#c9b48a" stroke-width="16" fill="none"/>
    ${solid('bag', 'M180 220 H420 L436 480 H164 Z', '#e4d6b6', { grainFreq: 1.1, grainOpacity: 0.35 })}
    <text x="300" y="370" text-anchor="middle" font-family="Georgia, serif" font-size="40" font-style="italic" fill="#3c3a33">toko demo</text>`, '#eceae4'],
  'dompet-kulit': [`${solid('wallet', 'M160 250 Q160 220 190 220 H410 Q440 220 440 250 V420 Q440 450 410 450 H190 Q160 450 160 420 Z', '#7b4a2a', { grainFreq: 0.6, grainOpacity: 0.3 })}
    <path d="M176 236 H424 V434 H176 Z" fill="none" stroke="#e9c89a" stroke-width="2" stroke-dasharray="7 6" rx="20"/>
    <path d="M160 300 H440" stroke="#0003" stroke-width="4"/>`, '#ece8e2'],
  'gantungan-kunci': [`<circle cx="300" cy="180" r="46" fill="none" stroke="#c7c9cc" stroke-width="10"/><circle cx="300" cy="180" r="46" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>
    <rect x="292" y="222" width="16" height="40" rx="4" fill="#a8abb0"/>
    ${solid('tag', 'M230 262 H370 Q384 262 384 276 V440 Q384 460 364 460 H236 Q216 460 216 440 V276 Q216 262 230 262 Z', '#8a5a34', { grainFreq: 0.6, grainOpacity: 0.3 })}
    <text x="300" y="376" text-anchor="middle" font-family="Georgia, serif" font-size="40" font-weight="700" fill="#f3dcb8">TD</text>`, '#ebe9e5'],
  'sambal-bawang': [jar('#f4d6c8', '#b3261e', '#2b2b2b', '#f5efe2', 'Sambal'), '#efe7e2'],
  'madu-hutan': [jar('#f6d28a', '#c9790f', '#5b3a1a', '#f5efe2', 'Madu'), '#efeae0'],
  'kacang-mete': [jar('#f3ead8', '#d9b87a', '#8b2c1f', '#fbf7ee', 'Mete'), '#ecebe5'],
  'gula-aren': [jar('#e8d1b2', '#6b3d1d', '#2f5d3a', '#f5efe2', 'Gula Aren'), '#ede8e1'],
  'kopi-gayo': [pouch('#3a2a20', '#efe3cf', 'Kopi Gayo'), '#ebe7e1'],
  'keripik-singkong': [pouch('#e7b43c', '#fff6e2', 'Keripik'), '#efebe2'],
  'bumbu-rendang': [pouch('#8e2a1d', '#f6ead6', 'Rendang'), '#ede7e2'],
  'teh-melati': [`${solid('tin', 'M210 190 H390 V470 Q300 490 210 470 Z', '#2f6b4f', { shade: 'side', grainOpacity: 0.1 })}
    <ellipse cx="300" cy="190" rx="90" ry="20" fill="#c9b37a"/><ellipse cx="300" cy="186" rx="86" ry="16" fill="#e4d29b"/>
    <rect x="210" y="290" width="180" height="90" fill="#f4efe1"/><text x="300" y="345" text-anchor="middle" font-family="Georgia, serif" font-size="28" font-weight="700" fill="#2f6b4f">Teh Melati</text>`, '#e8ece8'],
  'rendang-kaleng': [`${solid('can', 'M220 210 H380 V460 Q300 478 220 460 Z', '#b8bcc2', { shade: 'side', grainOpacity: 0.08 })}
    <rect x="220" y="262" width="160" height="150" fill="#7a1f16"/><rect x="220" y="262" width="160" height="150" fill="url(#side)"/>
    <text x="300" y="346" text-anchor="middle" font-family="Georgia, serif" font-size="28" font-weight="700" fill="#f6d7a0">Rendang</text>
    <ellipse cx="300" cy="210" rx="80" ry="16" fill="#d9dce0" stroke="#9ea3a9" stroke-width="3"/>`, '#eae8e6'],
  'paket-hemat': [box('#c8a27a', '#b3261e'), '#eeeae4'],
  'paket-pedas': [box('#b83b2e', '#f2c14e'), '#efe8e3'],
  'paket-sarapan': [box('#d9c8a9', '#2f6b4f'), '#ecebe4'],
  'produk-rahasia': [`${box('#23262b', '#e0b84c')}<text x="300" y="400" text-anchor="middle" font-family="Georgia, serif" font-size="64" font-weight="700" fill="#e0b84c" opacity=".9">?</text>`, '#e7e6e3'],
  'ebook-resep': [device(300, 380, 24, `<rect width="600" height="600" fill="#b3261e"/><circle cx="300" cy="300" r="80" fill="#f2c14e"/>
    <text x="300" y="200" text-anchor="middle" font-family="Georgia, serif" font-size="30" font-weight="700" fill="#fff">100 Resep</text>
    <text x="300" y="420" text-anchor="middle" font-family="Georgia, serif" font-size="24" font-style="italic" fill="#fff">Nusantara</text>`), '#e9e8e5'],
  'preset-foto': [device(220, 420, 34, `<rect width="600" height="600" fill="#f3a65a"/><circle cx="330" cy="260" r="40" fill="#fde3a7"/>
    <path d="M150 460 L260 330 L320 400 L370 350 L460 460 Z" fill="#6d4c7d"/><path d="M150 460 L230 380 L300 460 Z" fill="#3f2e56"/>`), '#e6e7ea'],
  'kelas-fotografi': [`${solid('cam', 'M170 250 Q170 230 190 230 H250 L270 200 H340 L360 230 H410 Q430 230 430 250 V420 Q430 440 410 440 H190 Q170 440 170 420 Z', '#2a2d31', { grainOpacity: 0.25 })}
    <circle cx="300" cy="335" r="78" fill="#111"/><circle cx="300" cy="335" r="60" fill="#1d2a3a"/><circle cx="300" cy="335" r="36" fill="#0a0f16"/>
    <circle cx="282" cy="316" r="12" fill="#fff" opacity=".35"/><rect x="380" y="244" width="30" height="14" rx="3" fill="#c9c9c9"/>`, '#e7e7e6'],
  'template-undangan': [`<g transform="rotate(-6 300 330)"><rect x="200" y="170" width="220" height="300" fill="#fbf7ef"/>
    <rect x="200" y="170" width="220" height="300" fill="url(#shade)" opacity=".4"/><rect x="214" y="184" width="192" height="272" fill="none" stroke="#c9a45c" stroke-width="2"/>
    <text x="310" y="290" text-anchor="middle" font-family="Georgia, serif" font-size="30" font-style="italic" fill="#7a5a2a">Rani &amp; Dimas</text>
    <text x="310" y="330" text-anchor="middle" font-family="Georgia, serif" font-size="14" letter-spacing="3" fill="#7a5a2a">12 · 12 · 2026</text></g>
    <g transform="rotate(8 300 330)"><rect x="150" y="300" width="230" height="160" fill="#e9dcc4"/><path d="M150 300 L265 390 L380 300" fill="none" stroke="#0002" stroke-width="3"/></g>`, '#ece9e3'],
};

function scene(object, tint) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs>
    <radialGradient id="bg" cx=".45" cy=".35" r=".85"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></radialGradient>
    <linearGradient id="floor" y1="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".08"/></linearGradient>
    <filter id="blur"><feGaussianBlur stdDeviation="16"/></filter><filter id="soft"><feGaussianBlur stdDeviation="5"/></filter>
    ${SHADE}
  </defs>
  <rect width="600" height="600" fill="${tint}"/><rect width="600" height="600" fill="url(#bg)"/>
  <rect y="420" width="600" height="180" fill="url(#floor)"/>
  <g transform="translate(300 330) scale(1.16) translate(-300 -330)">
    <ellipse cx="300" cy="492" rx="200" ry="24" fill="#000" opacity=".28" filter="url(#blur)"/>
    ${object}
  </g>
</svg>`;
}

const only = process.argv.slice(2);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 600, height: 600 } });
  for (const [slug, [object, tint]] of Object.entries(PRODUCTS)) {
    if (only.length && !only.includes(slug)) continue;
    const svg = scene(object, tint);
    const bytes = await page.evaluate(async ([markup]) => {
      const img = document.createElement('img');
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      await img.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: 600, height: 600 });
      canvas.getContext('2d').drawImage(img, 0, 0);
      for (const quality of [0.8, 0.7, 0.6, 0.5]) {
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', quality));
        if (blob.size <= 25_000 || quality === 0.5) return [...new Uint8Array(await blob.arrayBuffer())];
      }
    }, [svg]);
    writeFileSync(`demo/img/${slug}.webp`, Buffer.from(bytes));
    console.log(`demo/img/${slug}.webp ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
