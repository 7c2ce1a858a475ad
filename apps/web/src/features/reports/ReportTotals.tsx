import { Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';

export interface TotalFigure {
  key: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** A row of headline figures above a report; wraps to two columns on a phone. */
export function ReportTotals({ figures, loading }: { figures: TotalFigure[]; loading: boolean }) {
  return (
    <div className="report-totals" data-testid="report-totals">
      {figures.map((figure) => (
        <Card size="small" key={figure.key} data-testid={`report-total-${figure.key}`}>
          {loading ? (
            <Skeleton active paragraph={false} />
          ) : (
            <>
              <Statistic title={figure.label} value={String(figure.value)} />
              {figure.hint ? <div className="report-total-hint">{figure.hint}</div> : null}
            </>
          )}
        </Card>
      ))}
    </div>
  );
}
