import type { Dashboard } from '@portal/domain';
import { api } from '../../api';
import { TASKS_KEY } from '../tasks/api';

/** Under the tasks key: task writes and timer actions (which invalidate it) refresh the dashboard too. */
export const DASHBOARD_KEY = [...TASKS_KEY, 'dashboard'] as const;

/** Every block of the dashboard in one call (GET dashboard). */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return (await api.get<{ data: Dashboard }>('/dashboard', { signal })).data;
}
