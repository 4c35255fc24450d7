/**
 * The colours chart marks are drawn in: from the Okabe–Ito palette, which readers with any common
 * colour-vision deficiency tell apart, each at least 3:1 against the white card (so a bar or a
 * line is seen without its colour having to be named). Two series are always blue and orange.
 */
export const CHART_COLOURS = {
  blue: '#0072B2',
  orange: '#D55E00',
  green: '#007A5A',
  grey: '#4B5563',
} as const;

export type ChartColour = (typeof CHART_COLOURS)[keyof typeof CHART_COLOURS];
