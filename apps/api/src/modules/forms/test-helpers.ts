import type { FormQuestion } from '@portal/domain';
import { bearer } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';

/** A small form touching a required question, a follow-up and options. */
export const QUESTIONS: FormQuestion[] = [
  { name: 'business_name', label: 'Company name', type: 'input', required: true },
  { name: 'email', label: 'E-mail', type: 'input', inputType: 'email', optionalLabel: true },
  {
    name: 'has_site',
    label: 'Do you have a website?',
    type: 'radio',
    options: [
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ],
  },
  { name: 'website', label: 'Address', type: 'input', required: true, visible: { field: 'has_site', values: ['yes'] } },
];

export function formsApi(app: TestApp, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    call,
    /** A form made and published through the API; answers its uuid. */
    async publishedForm(overrides: object = {}): Promise<string> {
      const created = await call('POST', '/api/forms', { name: 'Onboarding', questions: QUESTIONS, ...overrides });
      if (created.statusCode !== 200) {
        throw new Error(`form not created: ${created.body}`);
      }
      const uuid = (created.json() as { data: { uuid: string } }).data.uuid;
      const published = await call('POST', `/api/forms/${uuid}/publish`);
      if (published.statusCode !== 200) {
        throw new Error(`form not published: ${published.body}`);
      }
      return uuid;
    },
    /** A share link of a form; answers the plain token. */
    async shareLink(formUuid: string, payload: object = {}): Promise<string> {
      const res = await call('POST', `/api/forms/${formUuid}/share-links`, payload);
      if (res.statusCode !== 200) {
        throw new Error(`link not created: ${res.body}`);
      }
      return (res.json() as { data: { token: string } }).data.token;
    },
  };
}
