import { Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';

// recharts is large; it comes with the first chart a report draws, never with the shell, /login or the dashboard.
const StackedDayChartImpl = lazy(() => import('./charts/StackedDayChart'));
const PerformanceChartImpl = lazy(() => import('./charts/PerformanceChart'));

const fallback = (height: number) => (
  <div style={{ height }} className="report-chart-fallback">
    <Skeleton.Node active style={{ width: '100%', height }} />
  </div>
);

export function StackedDayChart(props: ComponentProps<typeof StackedDayChartImpl>) {
  return (
    <Suspense fallback={fallback(props.height ?? 280)}>
      <StackedDayChartImpl {...props} />
    </Suspense>
  );
}

export function PerformanceChart(props: ComponentProps<typeof PerformanceChartImpl>) {
  return (
    <Suspense fallback={fallback(props.height ?? 260)}>
      <PerformanceChartImpl {...props} />
    </Suspense>
  );
}
