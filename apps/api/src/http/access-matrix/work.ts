import { type MatrixRows, staff } from './expectations';

/** Plans, credits and budgets, reports, product types, tasks, tags, time logs and request relations. */
export const WORK_ROUTES: MatrixRows = {
  'GET /api/plans': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects/lite': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/projects': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  // The plan page's History and Files tabs (issue 19): the plan's read rule, regular users only.
  'GET /api/projects/:uuid/history': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/history',
  },
  'GET /api/projects/:uuid/files': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/files',
  },
  // Credits and budget (issue 10): PROJECTS_READ to read (the plan's visibility), PROJECTS_UPDATE to write.
  'GET /api/projects/:uuid/credits': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/credits',
  },
  'POST /api/projects/:uuid/credits': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/credits',
    payload: {},
  },
  'GET /api/projects/:uuid/budget': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/budget',
  },
  'PUT /api/projects/:uuid/budget': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000/budget',
    payload: {},
  },
  // Reports (issue 10): time reports with TIMELOG_READ (a freelancer gets their own figures, someone else named is
  // 403); the project time report is regular users' with PROJECTS_READ.
  'GET /api/projects/time-log/general-report': { expect: staff },
  'GET /api/reports/time-logs': { expect: staff },
  'GET /api/reports/time-logs/export-all': { expect: staff },
  'GET /api/reports/project-time': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/reports/user-performance': { expect: staff },
  'GET /api/reports/user-performance/:userUuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/reports/user-performance/00000000-0000-4000-8000-000000000000',
  },
  'PUT /api/projects/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/projects/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'GET /api/projects/:uuid/users': { expect: staff, url: '/api/projects/00000000-0000-4000-8000-000000000000/users' },
  'GET /api/project-users': { expect: staff },
  'GET /api/product-types': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/product-types': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/product-types/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/product-types/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/product-types/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/product-types/00000000-0000-4000-8000-000000000000',
  },
  // Tasks (issue 4): staff and freelancers with the task permissions; only TASKS_DESTROY holders delete.
  'GET /api/tasks': { expect: staff },
  // The Assignees filter's choices (doc 2 §7), narrowed to people on tasks the caller sees.
  'GET /api/assignees': { expect: staff },
  'GET /api/tasks/:uuid': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000' },
  'POST /api/tasks': { expect: staff, payload: {} },
  'PUT /api/tasks/:uuid': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000', payload: {} },
  'DELETE /api/tasks/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/tasks/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/tasks/:uuid/description-delta': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/description-delta',
  },
  'PUT /api/tasks/:uuid/description-delta': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/description-delta',
    payload: { description_delta: null },
  },
  'GET /api/tasks/:uuid/logs': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000/logs' },
  'GET /api/project-tasks': { expect: staff },
  'PUT /api/project-tasks/:uuid': {
    expect: staff,
    url: '/api/project-tasks/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'GET /api/tags': { expect: staff },
  'GET /api/projects/personal': { expect: staff },
  // Time logs and timers (issue 4): freelancers log and read their own time but never edit or delete it.
  'GET /api/time-log': { expect: staff },
  'GET /api/time-log/weekly-summary': { expect: staff },
  'POST /api/time-log': { expect: staff, payload: {} },
  'PUT /api/time-log/:uuid': {
    // Freelancers reach the route to run their own timer; editing a completed log is refused inside (403, tested).
    expect: staff,
    url: '/api/time-log/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/time-log/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/time-log/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/tasks/:uuid/time-logs': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/time-logs',
  },
  'GET /api/project-tasks/:taskUuid/time-logs/:userUuid': {
    expect: staff,
    url: '/api/project-tasks/00000000-0000-4000-8000-000000000000/time-logs/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/requests/:uuid/time-logs': {
    expect: staff,
    url: '/api/requests/00000000-0000-4000-8000-000000000000/time-logs',
  },
  // Relating tasks from the request side (issue 5): regular users only, freelancers never relate.
  'POST /api/requests/:uuid/tasks': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000/tasks',
    payload: {},
  },
  'DELETE /api/requests/:uuid/tasks/:taskUuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000/tasks/00000000-0000-4000-8000-000000000000',
  },
  // Notifications, mentions count and push tokens (doc 1 §7): every staff member acts on their own rows only.
};
