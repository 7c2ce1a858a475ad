import { useQuery } from '@tanstack/react-query';
import { useAbility } from '../../auth/useAbility';
import { listAssignableUsers, listPlanChoices, listTags, listTasks } from './api';
import type { FieldChoices } from './TaskFields';

/** The drawer's pickers: plans (when the plan can be chosen), people and tags. */
export function useTaskChoices(needPlans: boolean): FieldChoices {
  const ability = useAbility();
  const plans = useQuery({
    queryKey: ['plans', 'lite', 'task-choices'],
    queryFn: ({ signal }) => listPlanChoices(signal),
    // Plan lists are a staff right (PROJECTS_READ); others choose within a given plan.
    enabled: needPlans && ability.mayListPlans,
    staleTime: 60_000,
  });
  // Without plan lists (freelancers), the plans of the tasks one can see are the ones to work in.
  const plansFromTasks = useQuery({
    queryKey: ['tasks', 'list', 'plans-of-my-tasks'],
    queryFn: async ({ signal }) => {
      const answer = await listTasks({ 'page[size]': 1000 }, signal);
      const seen = new Map<string, { uuid: string; title: string }>();
      for (const task of answer.data) {
        if (!task.project.personal && task.project.status !== 'completed' && task.project.status !== 'cancelled') {
          seen.set(task.project.uuid, { uuid: task.project.uuid, title: task.project.title });
        }
      }
      return [...seen.values()].sort((a, b) => a.title.localeCompare(b.title));
    },
    enabled: needPlans && !ability.mayListPlans,
    staleTime: 60_000,
  });
  const users = useQuery({
    queryKey: ['project-users', 'assignable'],
    queryFn: ({ signal }) => listAssignableUsers(signal),
    staleTime: 60_000,
  });
  const tags = useQuery({ queryKey: ['tags'], queryFn: ({ signal }) => listTags(signal), staleTime: 60_000 });
  return {
    plans: plans.data ?? plansFromTasks.data ?? [],
    users: users.data ?? [],
    tags: (tags.data ?? []).map((t) => t.name),
  };
}
