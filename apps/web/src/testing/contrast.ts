import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * WCAG contrast of text over a CSS gradient, read from the real style sheets: the worst pixel is
 * found by sampling every gradient layer between its colour stops (sRGB interpolation, as browsers
 * paint them) and every strength of the translucent layers above it.
 */
// read as text: Vitest processes CSS imports
const tokens = readFileSync(join(__dirname, '../styles/tokens.css'), 'utf8');

export type Rgba = { r: number; g: number; b: number; a: number };

export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16), a: 1 };
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[/,]\s*([\d.]+)(%?))?\s*\)$/.exec(value);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
  }
  if (value === 'white') return { r: 255, g: 255, b: 255, a: 1 };
  throw new Error(`Cannot read the colour ${text}`);
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
export const luminance = ({ r, g, b }: Rgba) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const over = (top: Rgba, bottom: Rgba): Rgba => ({
  r: top.r * top.a + bottom.r * (1 - top.a),
  g: top.g * top.a + bottom.g * (1 - top.a),
  b: top.b * top.a + bottom.b * (1 - top.a),
  a: 1,
});

const mix = (a: Rgba, b: Rgba, t: number): Rgba => ({ r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t });

/** The declarations of the first rule whose selector is exactly `selector`. */
export function declarations(styleSheet: string, selector: string): Record<string, string> {
  const css = styleSheet.replace(/\/\*[\s\S]*?\*\//g, '');
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css);
  if (!rule) throw new Error(`No rule ${selector}`);
  const result: Record<string, string> = {};
  for (const part of rule[1]!.split(';')) {
    const colon = part.indexOf(':');
    if (colon > 0) result[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
  }
  return result;
}

/** Replaces var(--token) by its value in tokens.css. */
export function resolveVars(value: string): string {
  return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
    const found = new RegExp(`${name}:\\s*([^;]+);`).exec(tokens);
    if (!found) throw new Error(`Unknown token ${name}`);
    return resolveVars(found[1]!.trim());
  });
}

/** Splits on commas outside parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

const COLOR = /#[0-9a-f]{3,6}\b|rgba?\([^)]*\)|\btransparent\b|\bwhite\b/gi;

/** The colour stops of one gradient layer (or a plain colour), in order. */
function layerStops(layer: string): Rgba[] {
  const inner = /^[\w-]*gradient\((.*)\)$/s.exec(layer.trim());
  if (!inner) return [parseColor(layer)];
  const stops: Rgba[] = [];
  for (const part of splitTop(inner[1]!)) for (const c of part.match(COLOR) ?? []) stops.push(parseColor(c));
  return stops;
}

/**
 * Every colour a pixel of this background can have: the bottom layer sampled between its stops,
 * each translucent layer above it sampled from transparent to its strongest stop. `page` is what
 * shows through a translucent bottom layer.
 */
export function backgroundPixels(background: string, page: Rgba = { r: 255, g: 255, b: 255, a: 1 }, samples = 20): Rgba[] {
  const layers = splitTop(resolveVars(background)).map(layerStops);
  const bottom = layers.pop()!;
  let pixels: Rgba[] = [];
  for (let i = 0; i < bottom.length; i++) {
    const next = bottom[i + 1] ?? bottom[i]!;
    for (let s = 0; s <= samples; s++) pixels.push(over(mix(bottom[i]!, next, s / samples), page));
  }
  for (const layer of layers.reverse()) {
    const strongest = layer.reduce((a, b) => (b.a > a.a ? b : a));
    const above: Rgba[] = [];
    for (const p of pixels) for (let s = 0; s <= samples; s++) above.push(over({ ...strongest, a: (strongest.a * s) / samples }, p));
    pixels = above;
  }
  return pixels;
}

/** The lowest contrast of a text colour over any pixel of the background. */
export function worstContrast(text: string, background: string): number {
  const color = parseColor(resolveVars(text));
  return Math.min(...backgroundPixels(background).map((pixel) => contrast(color, pixel)));
}
