import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { type SeriesChartProps } from './chart-types';
import { formatCount } from '@shared/format';

const AXIS_COLOUR = '#4B5563';

/**
 * Bars for one or more series over categories, drawn with recharts (this module is loaded only
 * through lazy-charts, so the library stays out of the first load). The drawing is hidden from
 * assistive technology: the chart card's summary and table say the same.
 */
export function SeriesChart({
  data,
  categoryKey,
  series,
  horizontal = false,
  categoryColours,
  formatValue = formatCount,
  formatTick = formatValue,
  formatCategory = (category) => category,
  height = 260,
}: SeriesChartProps) {
  const valueAxis = {
    type: 'number' as const,
    allowDecimals: false,
    tickFormatter: formatTick,
    stroke: AXIS_COLOUR,
    tick: { fill: AXIS_COLOUR, fontSize: 12 },
  };
  const categoryAxis = {
    type: 'category' as const,
    dataKey: categoryKey,
    tickFormatter: formatCategory,
    stroke: AXIS_COLOUR,
    tick: { fill: AXIS_COLOUR, fontSize: 12 },
  };
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: 8, left: horizontal ? 8 : 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#E5E7EB" />
        {horizontal ? (
          <>
            <XAxis {...valueAxis} />
            <YAxis {...categoryAxis} width={150} interval={0} />
          </>
        ) : (
          <>
            <XAxis {...categoryAxis} minTickGap={12} />
            <YAxis {...valueAxis} width={56} />
          </>
        )}
        <Tooltip
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => formatCategory(String(label))}
        />
        {series.length > 1 && (
          // Legend names in the text colour: the marks' own colours are for shapes, not for text.
          <Legend formatter={(name) => <span style={{ color: AXIS_COLOUR }}>{name}</span>} />
        )}
        {series.map((one) => (
          <Bar
            key={one.key}
            dataKey={one.key}
            name={one.name}
            fill={one.colour}
            radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            maxBarSize={40}
            isAnimationActive={false}
          >
            {categoryColours?.map((colour, index) => (
              <Cell key={`${one.key}-${index}`} fill={colour} />
            ))}
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
