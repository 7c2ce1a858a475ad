import { Segmented } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useAbility } from '../../auth/useAbility';

/**
 * Links between the report screens. Doc 1 §2's sidebar names only Timelog and Users report, so without this the
 * project time report (and the overview) could only be reached by typing its address. Each link shows only to those
 * the screen's own rule admits.
 */
export function ReportNav() {
  const ability = useAbility();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const staffReports = ability.isRegularUser && ability.can('PROJECTS_READ');
  const options = [
    ...(staffReports ? [{ value: '/report', label: 'Overview' }] : []),
    ...(ability.can('TIMELOG_READ') ? [{ value: '/timelog-report', label: 'Timelog' }] : []),
    ...(staffReports
      ? [
          { value: '/project-time-report', label: 'Project time' },
          { value: '/report/user-performance', label: 'Users' },
        ]
      : []),
  ];
  if (options.length < 2) {
    return null;
  }
  return (
    <nav aria-label="Reports" className="report-nav">
      <Segmented
        size="small"
        value={pathname}
        options={options}
        onChange={(path) => navigate(path)}
        data-testid="report-nav"
      />
    </nav>
  );
}
