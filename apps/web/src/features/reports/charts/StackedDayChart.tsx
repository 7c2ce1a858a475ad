import { formatMinutes } from '@portal/domain';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type StackedDays, seriesColour } from '../chartSeries';
import { shortDay, usDate } from '../reportFormat';

const hoursLabel = (hours: number) => formatMinutes(Math.round(hours * 60));

/**
 * Hours per day as stacked bars, one stack per person or plan. recharts lives only in this chunk, which the report
 * screens load lazily, so the library never reaches /login or the dashboard.
 */
export default function StackedDayChart({ data, height = 280 }: { data: StackedDays; height?: number }) {
  return (
    <div className="report-chart" data-testid="report-chart" data-series={data.series.length}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data.rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} unit="h" />
          <Tooltip
            formatter={(value, name) => [hoursLabel(Number(value)), name]}
            labelFormatter={(label) => usDate(String(label))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {data.series.map((series, index) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stackId="hours"
              fill={seriesColour(series.key, index)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
