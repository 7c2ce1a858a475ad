import { formatMinutes, type UserPerformanceDay } from '@portal/domain';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { shortDay, usDate } from '../reportFormat';

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * Hours logged per day (billable and the rest, stacked) against the expected pace, as a line. Expected is 0 on
 * weekends, so the line shows where a shortfall is real.
 */
export default function PerformanceChart({ days, height = 260 }: { days: UserPerformanceDay[]; height?: number }) {
  const rows = days.map((day) => ({
    date: day.date,
    billable: hours(day.billable_minutes),
    other: hours(day.logged_minutes - day.billable_minutes),
    expected: hours(day.expected_minutes),
  }));
  return (
    <div className="report-chart" data-testid="performance-chart">
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} unit="h" />
          <Tooltip
            formatter={(value, name) => [formatMinutes(Math.round(Number(value) * 60)), name]}
            labelFormatter={(label) => usDate(String(label))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="billable" name="Billable" stackId="logged" fill="#1677ff" isAnimationActive={false} />
          <Bar dataKey="other" name="Non-billable" stackId="logged" fill="#91caff" isAnimationActive={false} />
          <Line
            dataKey="expected"
            name="Expected"
            type="stepAfter"
            stroke="#fa8c16"
            dot={false}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
