import { describe, expect, it } from 'vitest';
import { createPayload, newTaskDraft } from '../../tasks/taskForm';
import { activeTab, taskCreatorParams } from './requestTabs';

describe('request detail tab', () => {
  it('opens Overview by default and Tasks on the tasks route', () => {
    expect(activeTab('/requests/r1', new URLSearchParams())).toBe('overview');
    expect(activeTab('/requests/r1/tasks', new URLSearchParams())).toBe('tasks');
    expect(activeTab('/requests/r1', new URLSearchParams('tab=timelogs'))).toBe('timelogs');
  });
  it('opens Comments when a mention links to a comment (target_comment_id)', () => {
    expect(activeTab('/requests/r1', new URLSearchParams('target_comment_id=c1'))).toBe('comments');
  });
  it('opens Overview, with the brief and answers, whatever the width (a phone included)', () => {
    expect(activeTab('/requests/r1', new URLSearchParams('tab=overview'))).toBe('overview');
  });
});

describe('new task of a request', () => {
  it('turns uuid=create into the task creator with the request and its plan', () => {
    const next = taskCreatorParams(new URLSearchParams('uuid=create&tab=tasks'), { uuid: 'r1', projectUuid: 'p1' });
    expect(next?.get('uuid')).toBeNull();
    expect(next?.get('task_uuid')).toBe('create');
    expect(next?.get('task_request')).toBe('r1');
    expect(next?.get('task_project')).toBe('p1');
    expect(next?.get('tab')).toBe('tasks');
    expect(taskCreatorParams(new URLSearchParams('uuid=other'), { uuid: 'r1', projectUuid: null })).toBeNull();
  });
  it('opens the creator with a file attached for ?uuid=<upload id>', () => {
    const file = '3f2c1a9e-8d4b-4c7a-9f1e-2b6d5c4a3e21';
    const next = taskCreatorParams(new URLSearchParams(`uuid=${file}`), { uuid: 'r1', projectUuid: 'p1' });
    expect(next?.get('task_uuid')).toBe('create');
    expect(next?.get('task_upload')).toBe(file);
    expect(next?.get('task_request')).toBe('r1');
  });
  it('creates the task with add_requests', () => {
    const draft = { ...newTaskDraft('2026-11-22', { projectId: 'p1' }), title: 'Banner' };
    expect(createPayload(draft, { requestId: 'r1' }).add_requests).toEqual(['r1']);
    expect(createPayload(draft, {}).add_requests).toBeUndefined();
  });
});
