/**
 * Chart export. SVG: a copy of the chart's `<svg>` with the app's CSS resolved into inline
 * styles, so the file looks the same opened alone. PNG: that SVG drawn onto a canvas at twice
 * the size. Styles are set through the CSSOM (`style.setProperty`), which the app's strict
 * Content-Security-Policy allows; the SVG is loaded as an image from a blob: URL, which its
 * `img-src` allows (vite.config.ts).
 */

/** The CSS properties that decide how an SVG chart looks. */
const PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'paint-order',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
] as const;

/** A standalone copy of `svg` as SVG source, with computed styles inlined. */
export function serializeSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((el, i) => {
    const target = copies[i] as SVGElement | undefined;
    if (!target) return;
    const computed = getComputedStyle(el);
    if (computed.display === 'none') {
      target.remove();
      return;
    }
    for (const p of PROPERTIES) target.style.setProperty(p, computed.getPropertyValue(p));
    // Interaction state (focus, hover targets) does not belong in a picture.
    target.removeAttribute('tabindex');
  });
  const { width, height } = svg.getBoundingClientRect();
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** The SVG source as a PNG, `scale` times its size, on a white background. */
export async function svgToPng(
  source: string,
  width: number,
  height: number,
  scale = 2,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('This browser cannot draw on a canvas, so it cannot make a PNG.');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('The PNG could not be encoded.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
