/**
 * The certificate canvas (SPEC §9): the proof image is drawn scaled to fit 992×1402 at most
 * (never enlarged), then a diagonal watermark of the company name and the viewing user and time
 * is tiled over it.
 */
export const CANVAS_MAX_W = 992;
export const CANVAS_MAX_H = 1402;

/** The canvas size for an image: the largest scale ≤ 1 that fits the cap, keeping the ratio. */
export function fitCanvas(w: number, h: number, maxW = CANVAS_MAX_W, maxH = CANVAS_MAX_H): { width: number; height: number } {
  if (!(w > 0) || !(h > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, maxW / w, maxH / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** Anchor points of the tiled watermark: rows `gapY` apart, every other row shifted by half a step. */
export function watermarkPoints(width: number, height: number, gapX: number, gapY: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  if (width <= 0 || height <= 0 || gapX <= 0 || gapY <= 0) return out;
  for (let row = 0, y = gapY / 2; y < height + gapY; row++, y += gapY) {
    for (let x = row % 2 ? gapX / 2 : 0; x < width + gapX; x += gapX) out.push({ x, y });
  }
  return out;
}

/** `2026-11-21 14:30` in local time, for the watermark. */
export function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export interface WatermarkStyle {
  font: string;
  color: string;
}

/** Draws the image and the watermark; the canvas gets the fitted size. */
export function drawCertificate(
  canvas: HTMLCanvasElement,
  img: CanvasImageSource & { naturalWidth: number; naturalHeight: number },
  text: string,
  style: WatermarkStyle,
): void {
  const { width, height } = fitCanvas(img.naturalWidth, img.naturalHeight);
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.drawImage(img, 0, 0, width, height);
  ctx.save();
  // light enough to read the proof through, dark enough to survive a screenshot
  ctx.globalAlpha = 0.3;
  ctx.font = style.font;
  ctx.fillStyle = style.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const textW = ctx.measureText(text).width;
  for (const { x, y } of watermarkPoints(width, height, textW + 120, 200)) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(-Math.PI / 6);
    ctx.fillText(text, 0, 0);
    ctx.restore();
  }
  ctx.restore();
}
