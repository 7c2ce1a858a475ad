import type { RequestDetail, RequestForm } from '@portal/domain';
import { flattenQuestions, formatEstimateRange, isAnswerable, MESSAGES, parseEstimateInput } from '@portal/domain';
import { isoToUsDate } from '../../timelogs/timeEntry';
import type { PanelDraft } from './requestDraft';

/** Names of the questions that hold answers (where a server message about `answers.x` belongs). */
export function knownQuestionNames(form: RequestForm): Set<string> {
  return new Set(
    flattenQuestions(form)
      .filter(isAnswerable)
      .map((q) => q.name),
  );
}

function estimateText(text: string): string {
  const range = parseEstimateInput(text);
  return 'error' in range ? text : formatEstimateRange(range.estimated_min, range.estimated_max);
}

/** The lines above the answers in the printable summary. */
export function editorFacts(options: {
  typeName: string | null;
  panel: PanelDraft;
  request?: RequestDetail;
}): { label: string; value: string }[] {
  const { panel, request } = options;
  const owner = request?.related_users.find((u) => u.pivot === 'responsible' && u.uuid === panel.ownerId);
  return [
    { label: 'Request name', value: panel.subject.trim() || request?.subject || '—' },
    { label: 'Type', value: options.typeName ?? '—' },
    { label: 'Client', value: request?.project?.customer?.business_name ?? '—' },
    { label: 'Requester', value: request?.requester?.name ?? '—' },
    { label: 'Owner', value: owner?.name ?? '—' },
    { label: 'Estimated time', value: estimateText(panel.estimate) },
    {
      label: 'Due date',
      value: request?.target_date ? isoToUsDate(request.target_date.slice(0, 10)) : MESSAGES.noDueDate,
    },
  ];
}
