import type { AdAnalytics } from '@portal/domain';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

// Dark shades: the tooltip writes each series' name in its colour, which must keep 4.5:1 on white.
/**
 * Spend (left axis) and clicks and conversions (right axis) per day. recharts lives only in this chunk, loaded
 * lazily by the analytics screen.
 */
export default function AdChart({ series, height = 260 }: { series: AdAnalytics['series']; height?: number }) {
  return (
    <div className="ad-chart" data-testid="ad-chart" role="img" aria-label="Spend, clicks and conversions per day">
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} minTickGap={16} fontSize={12} />
          <YAxis yAxisId="money" tickFormatter={usd} fontSize={12} width={56} />
          <YAxis yAxisId="count" orientation="right" allowDecimals={false} fontSize={12} width={40} />
          <Tooltip
            formatter={(value, name) => [name === 'Spend' ? usd(Number(value)) : Number(value).toLocaleString(), name]}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line yAxisId="money" dataKey="spend" name="Spend" stroke="#0958d9" dot={false} isAnimationActive={false} />
          <Line yAxisId="count" dataKey="clicks" name="Clicks" stroke="#237804" dot={false} isAnimationActive={false} />
          <Line
            yAxisId="count"
            dataKey="conversions"
            name="Conversions"
            stroke="#ad4e00"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
