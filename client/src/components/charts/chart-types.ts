/** One row of a chart's data: the category (a day, a month, a store) and each series' value. */
export type ChartDatum = Record<string, string | number>;

export type ChartSeries = {
  /** The data field the series reads. */
  key: string;
  /** As the legend and the tooltip name it. */
  name: string;
  colour: string;
};

export type SeriesChartProps = {
  data: ChartDatum[];
  /** The data field naming each row's category. */
  categoryKey: string;
  series: ChartSeries[];
  /** Bars run left to right, one row per category: for long category names (stores). */
  horizontal?: boolean;
  /** One colour per category, for a chart of one series whose bars are different things. */
  categoryColours?: string[];
  /** How the value axis and the tooltip write a value (counts by default). */
  formatValue?: (value: number) => string;
  /** How the value axis writes a tick (formatValue by default). */
  formatTick?: (value: number) => string;
  /** How the category axis writes a category. */
  formatCategory?: (category: string) => string;
  /** Pixels. */
  height?: number;
};
