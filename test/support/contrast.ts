/** An sRGB colour as Chromium computes it: "rgb(r, g, b)" or "rgba(r, g, b, a)". */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export function parseColor(css: string): Rgba {
  const match = /^rgba?\(([^)]+)\)$/.exec(css.trim());
  if (!match) throw new Error(`Not a computed colour: ${css}`);
  const [r, g, b, a = 1] = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return { r, g, b, a };
}

/** `top` painted over the opaque `under`. */
export function over(top: Rgba, under: Rgba): Rgba {
  const mix = (t: number, u: number) => t * top.a + u * (1 - top.a);
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.2's contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(one: Rgba, two: Rgba): number {
  const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
