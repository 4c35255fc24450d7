import { describe, expect, it } from 'vitest';
import { CHART_COLOURS } from '../chart-colours';

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('chart colours', () => {
  it.each(Object.entries(CHART_COLOURS))('%s marks stand out on white (3:1 at least)', (_, hex) => {
    expect(contrastWithWhite(hex)).toBeGreaterThanOrEqual(3);
  });

  it('are all different', () => {
    const colours = Object.values(CHART_COLOURS);
    expect(new Set(colours).size).toBe(colours.length);
  });
});
