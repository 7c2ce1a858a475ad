import { describe, expect, it } from 'vitest';
import { initialTableState } from '../../components/DataTable/tableState';
import {
  PERFORMANCE_FILTERS,
  PERFORMANCE_SORT,
  performanceFilterQuery,
  performanceListQuery,
} from './performanceQuery';
import { PROJECT_TIME_FILTERS, PROJECT_TIME_SORT, projectTimeQuery } from './projectTimeQuery';
import {
  dayCells,
  reportRange,
  TIMELOG_REPORT_FILTERS,
  timelogExportSource,
  timelogReportQuery,
} from './timelogReportQuery';

const today = new Date(2026, 10, 24);

describe('timelog report query (doc 2 §7, §9)', () => {
  it("leaves the default range to the server (the agency's last 30 days) and asks for every source and plan type, newest first", () => {
    expect(
      timelogReportQuery(TIMELOG_REPORT_FILTERS, { page: 1, size: 50, sort: { by: 'date', direction: 'desc' } }),
    ).toEqual({
      date_from: undefined,
      date_to: undefined,
      project_uuid: undefined,
      user_uuid: undefined,
      'user_type[]': undefined,
      'project_type[]': undefined,
      'source[]': undefined,
      'category[]': undefined,
      missed_only: undefined,
      'page[size]': 50,
      'page[number]': 1,
      'sort[by]': 'date',
      'sort[direction]': 'desc',
    });
  });

  it('sends the chosen range, plan, person, types, source, category and missed only', () => {
    const query = timelogReportQuery(
      {
        ...TIMELOG_REPORT_FILTERS,
        dates: ['2026-01-01', '2026-01-31'],
        project: ['p-1'],
        person: ['u-1'],
        user_type: ['freelancer'],
        project_type: ['retainer'],
        source: ['request'],
        category: ['billable', 'sgm-non-billable'],
        missed: ['1'],
      },
      { page: 2, size: 500, sort: null },
    );
    expect(query).toMatchObject({
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      project_uuid: 'p-1',
      user_uuid: 'u-1',
      'user_type[]': ['freelancer'],
      'project_type[]': ['retainer'],
      'source[]': ['request'],
      'category[]': ['billable', 'sgm-non-billable'],
      missed_only: 1,
      'page[size]': 500,
      'page[number]': 2,
    });
  });

  it("shows the server's window when no range is chosen, or a broken one is in the address", () => {
    const served = { date_from: '2026-10-25', date_to: '2026-11-23' };
    expect(reportRange({ dates: ['yesterday', ''] }, served, today)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(reportRange(TIMELOG_REPORT_FILTERS, served, today)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(timelogReportQuery({ dates: ['yesterday', ''] }, { page: 1, size: 50, sort: null })).toMatchObject({
      date_from: undefined,
      date_to: undefined,
    });
  });

  it("shows the browser's last 30 days only until the first answer", () => {
    expect(reportRange(TIMELOG_REPORT_FILTERS, undefined, today)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(reportRange({ dates: ['2026-01-01', '2026-01-31'] }, { date_from: 'x', date_to: 'y' }, today)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('names the chart stacks from the totals, the plans beyond the top ones as Other plans', () => {
    const user = { uuid: 'u1', name: 'Ann', type: 'regular_user' as const };
    const totals = {
      total: 90,
      billable: 60,
      amount_cents: null,
      by_user: [{ user, minutes: 90, billable_minutes: 60, missed_days: 0 }],
      by_project: [
        {
          project: { uuid: 'p1', title: 'Acme', project_type: 'retainer' as const },
          customer: null,
          minutes: 60,
          billable_minutes: 60,
          amount_cents: null,
        },
      ],
      by_project_count: 1,
      by_day: [
        {
          date: '2026-11-02',
          minutes: 90,
          billable_minutes: 60,
          by_user: [{ uuid: 'u1', minutes: 90 }],
          by_project: [
            { uuid: 'p1', minutes: 60 },
            { uuid: null, minutes: 30 },
          ],
        },
      ],
      missed: [],
    };
    expect(dayCells(totals, 'user')).toEqual([{ date: '2026-11-02', key: 'u1', label: 'Ann', minutes: 90 }]);
    expect(dayCells(totals, 'project')).toEqual([
      { date: '2026-11-02', key: 'p1', label: 'Acme', minutes: 60 },
      { date: '2026-11-02', key: 'other', label: 'Other plans', minutes: 30 },
    ]);
  });
});

describe('project time report query', () => {
  it('starts on the default statuses by title and sends every plan type as no filter', () => {
    const state = initialTableState({ filters: PROJECT_TIME_FILTERS, sort: PROJECT_TIME_SORT, size: 50 });
    expect(projectTimeQuery(state)).toEqual({
      'page[size]': 50,
      'page[number]': 1,
      search_term: undefined,
      'filters[projects.status][]': ['paused', 'waiting_to_launch', 'in_progress', 'active'],
      'filters[project_type][]': undefined,
      advertising: undefined,
      'sort[by]': 'title',
      'sort[direction]': 'asc',
    });
    expect(
      projectTimeQuery({
        ...state,
        search: ' acme ',
        filters: { status: [], project_type: ['hosting'], advertising: ['1'] },
      }),
    ).toMatchObject({
      search_term: 'acme',
      'filters[projects.status][]': undefined,
      'filters[project_type][]': ['hosting'],
      advertising: '1',
    });
  });
});

describe('user performance query', () => {
  it('sends only the filters narrowed from all, and the window end', () => {
    expect(performanceFilterQuery(PERFORMANCE_FILTERS)).toEqual({
      'user_type[]': undefined,
      'category[]': undefined,
      'source[]': undefined,
      'project_type[]': undefined,
      date_to: undefined,
    });
    const state = initialTableState({ filters: PERFORMANCE_FILTERS, sort: PERFORMANCE_SORT, size: 50 });
    expect(
      performanceListQuery({
        ...state,
        filters: { ...PERFORMANCE_FILTERS, category: ['billable'], source: ['task'], until: ['2026-11-01'] },
      }),
    ).toMatchObject({ 'category[]': ['billable'], 'source[]': ['task'], date_to: '2026-11-01', 'sort[by]': 'name' });
  });
});

describe('timelog report export', () => {
  it("sends every report filter and the table's sort to GET reports/time-logs/export-all", () => {
    const filters = {
      ...TIMELOG_REPORT_FILTERS,
      dates: ['2026-11-01', '2026-11-15'],
      project: ['p-1'],
      person: ['u-1'],
      user_type: ['freelancer'],
      project_type: ['hosting'],
      source: ['request'],
      category: ['billable', 'non-billable'],
      missed: ['1'],
    };
    expect(timelogExportSource(filters, { by: 'minutes', direction: 'asc' })).toEqual({
      path: 'reports/time-logs/export-all',
      query: {
        date_from: '2026-11-01',
        date_to: '2026-11-15',
        project_uuid: 'p-1',
        user_uuid: 'u-1',
        'user_type[]': ['freelancer'],
        'project_type[]': ['hosting'],
        'source[]': ['request'],
        'category[]': ['billable', 'non-billable'],
        missed_only: 1,
        'sort[by]': 'minutes',
        'sort[direction]': 'asc',
      },
    });
  });

  it("takes the report's query for the same filters, without its page", () => {
    const filters = { ...TIMELOG_REPORT_FILTERS, category: ['sgm-non-billable'] };
    const sort = { by: 'date', direction: 'desc' } as const;
    const {
      'page[size]': _size,
      'page[number]': _number,
      ...report
    } = timelogReportQuery(filters, { page: 3, size: 500, sort });
    expect(timelogExportSource(filters, sort).query).toEqual(report);
  });
});
