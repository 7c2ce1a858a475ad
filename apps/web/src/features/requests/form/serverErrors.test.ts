import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { mapServerErrors } from './serverErrors';

describe('mapServerErrors', () => {
  const questions = new Set(['campaign_type', 'project_brief']);

  it('puts answer errors under their questions and panel errors under the panel fields', () => {
    const mapped = mapServerErrors(
      {
        'answers.campaign_type': [MESSAGES.required],
        'answers.project_brief': [MESSAGES.requiredOnSubmit],
        project_id: [MESSAGES.enterProject],
        requester_id: [MESSAGES.enterRequester],
        estimated_time_range: [MESSAGES.maxBelowMin],
        'followers.0': [MESSAGES.followersStaffOnly],
        responsibles: [MESSAGES.responsibleType],
        subject: ['This field may not be longer than 255 characters'],
      },
      questions,
    );
    expect(mapped.answers).toEqual({ campaign_type: MESSAGES.required, project_brief: MESSAGES.requiredOnSubmit });
    expect(mapped.panel).toEqual({
      project: MESSAGES.enterProject,
      requester: MESSAGES.enterRequester,
      estimate: MESSAGES.maxBelowMin,
      followers: MESSAGES.followersStaffOnly,
      owner: MESSAGES.responsibleType,
      subject: 'This field may not be longer than 255 characters',
    });
    expect(mapped.other).toEqual([]);
  });

  it('maps estimated_min and estimated_max to the estimate field and keeps the first message', () => {
    const mapped = mapServerErrors({ estimated_max: [MESSAGES.maxBelowMin], estimated_min: ['other'] }, questions);
    expect(mapped.panel).toEqual({ estimate: MESSAGES.maxBelowMin });
  });

  it('accepts a bare question name and reports fields the form does not show', () => {
    const mapped = mapServerErrors(
      { campaign_type: [MESSAGES.invalidOption], 'answers.gone': [MESSAGES.unknownQuestion], status: ['nope'] },
      questions,
    );
    expect(mapped.answers).toEqual({ campaign_type: MESSAGES.invalidOption });
    expect(mapped.other).toEqual([MESSAGES.unknownQuestion, 'nope']);
  });
});
