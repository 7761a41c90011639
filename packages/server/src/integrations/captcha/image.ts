import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './glyphs.js';
import { encodePng } from './png.js';

/**
 * The built-in image captcha (provider type Default): five characters drawn at random sizes,
 * angles and slants on a tinted background, bent by a wave, crossed by curves in the characters'
 * own colours and sprinkled with dots, encoded as a PNG. The answer comes from node:crypto; the
 * drawing's randomness only has to vary the picture.
 */

export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_IMAGE_WIDTH = 180;
export const CAPTCHA_IMAGE_HEIGHT = 60;

/** A new answer: `length` characters of the captcha alphabet, uniformly at random. */
export function randomAnswer(length = CAPTCHA_LENGTH): string {
  let answer = '';
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return answer;
}

type Rgb = [number, number, number];

class Canvas {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: (x: number, y: number) => Rgb,
  ) {
    this.pixels = new Float32Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [r, g, b] = background(x, y);
        const at = (y * width + x) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
    }
  }

  /** Paints `color` over pixel (x, y) with opacity `alpha` (0..1). */
  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const a = Math.min(alpha, 1);
    const at = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) {
      const old = this.pixels[at + c];
      this.pixels[at + c] = old + (color[c] - old) * a;
    }
  }

  /** A soft round dot of `radius` at (cx, cy) (anti-aliased). */
  dot(cx: number, cy: number, radius: number, color: Rgb, alpha: number): void {
    const reach = Math.ceil(radius + 1);
    for (let y = Math.floor(cy) - reach; y <= Math.ceil(cy) + reach; y++) {
      for (let x = Math.floor(cx) - reach; x <= Math.ceil(cx) + reach; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const coverage = Math.max(0, Math.min(1, radius + 0.5 - d));
        if (coverage > 0) this.blend(x, y, color, alpha * coverage);
      }
    }
  }

  toRgb(): Uint8Array {
    const out = new Uint8Array(this.pixels.length);
    for (let i = 0; i < this.pixels.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.pixels[i])));
    return out;
  }
}

/** The ink of a glyph at font coordinates (u, v): bilinear between cell centres, then a soft edge. */
function ink(cells: Uint8Array, u: number, v: number): number {
  const x = u - 0.5;
  const y = v - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const cell = (cx: number, cy: number) =>
    cx < 0 || cy < 0 || cx >= GLYPH_WIDTH || cy >= GLYPH_HEIGHT ? 0 : cells[cy * GLYPH_WIDTH + cx];
  const top = cell(x0, y0) * (1 - fx) + cell(x0 + 1, y0) * fx;
  const bottom = cell(x0, y0 + 1) * (1 - fx) + cell(x0 + 1, y0 + 1) * fx;
  const value = top * (1 - fy) + bottom * fy;
  return Math.max(0, Math.min(1, (value - 0.22) / 0.35));
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const darkColor = (random: () => number): Rgb => [between(random, 10, 130), between(random, 10, 130), between(random, 10, 130)];

/** Draws `answer` as a captcha picture and returns it as a PNG file. `random` varies the drawing (tests may fix it). */
export function drawCaptcha(answer: string, random: () => number = Math.random): Buffer {
  const width = CAPTCHA_IMAGE_WIDTH;
  const height = CAPTCHA_IMAGE_HEIGHT;
  const tint: Rgb = [between(random, 225, 250), between(random, 225, 250), between(random, 225, 250)];
  const slope = between(random, -0.15, 0.15);
  const canvas = new Canvas(width, height, (x, y) => [tint[0] + slope * x, tint[1] - slope * y, tint[2] + slope * (x - y) * 0.5]);

  // Faint background strokes, so that the background is not one flat colour to subtract.
  for (let i = 0; i < 12; i++) {
    const color: Rgb = [between(random, 150, 210), between(random, 150, 210), between(random, 150, 210)];
    let x = between(random, 0, width);
    let y = between(random, 0, height);
    const angle = between(random, 0, Math.PI * 2);
    for (let step = 0; step < 40; step++) {
      canvas.dot(x, y, 0.6, color, 0.6);
      x += Math.cos(angle + step * 0.05);
      y += Math.sin(angle + step * 0.05);
    }
  }

  // One wave bends the whole text.
  const wave = { amplitude: between(random, 1.5, 3), frequency: between(random, 0.08, 0.16), phase: between(random, 0, 7) };
  const margin = 12;
  const slot = (width - 2 * margin) / answer.length;
  for (let i = 0; i < answer.length; i++) {
    const cells = glyph(answer[i]);
    const cx = margin + slot * (i + 0.5) + between(random, -3, 3);
    const cy = height / 2 + between(random, -5, 5);
    const scale = between(random, 4.4, 5.4);
    const sx = scale * between(random, 0.85, 1.1);
    const sy = scale * between(random, 0.95, 1.15);
    const angle = between(random, -0.35, 0.35);
    const shear = between(random, -0.3, 0.3);
    const color = darkColor(random);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const reach = Math.ceil(Math.max(sx * GLYPH_WIDTH, sy * GLYPH_HEIGHT) * 0.75) + 4;
    for (let py = Math.floor(cy - reach); py <= Math.ceil(cy + reach); py++) {
      for (let px = Math.floor(cx - reach); px <= Math.ceil(cx + reach); px++) {
        const wx = px + 0.5 + wave.amplitude * Math.sin((py + 0.5) * wave.frequency + wave.phase);
        const dx = wx - cx;
        const dy = py + 0.5 - cy;
        let rx = dx * cos + dy * sin;
        const ry = -dx * sin + dy * cos;
        rx -= shear * ry;
        const value = ink(cells, rx / sx + GLYPH_WIDTH / 2, ry / sy + GLYPH_HEIGHT / 2);
        canvas.blend(px, py, color, value);
      }
    }
  }

  // Curves across the text in ink colours: they touch the characters, so colour alone cannot remove them.
  for (let i = 0; i < 3; i++) {
    const color = darkColor(random);
    const y0 = between(random, height * 0.3, height * 0.7);
    const amplitude = between(random, 4, 12);
    const frequency = between(random, 0.02, 0.06);
    const phase = between(random, 0, 7);
    const thickness = between(random, 0.7, 1.2);
    for (let x = 0; x < width; x += 0.5) canvas.dot(x, y0 + amplitude * Math.sin(x * frequency + phase), thickness, color, 0.85);
  }

  // Dots.
  const dots = Math.round(width * height * 0.04);
  for (let i = 0; i < dots; i++) {
    canvas.dot(between(random, 0, width), between(random, 0, height), between(random, 0.3, 0.9), darkColor(random), 0.6);
  }

  return encodePng(width, height, canvas.toRgb());
}
