import type { RequirementInput } from '@portal/domain';
import { bearer } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';

/** One requirement per service the tests use, of each kind. */
export const REQUIREMENTS: RequirementInput[] = [
  { inclusion: 'social_media', name: 'Page admin access', kind: 'link_confirmation', link: 'leadsie_social_link' },
  { inclusion: 'advertising', name: 'Ad account access', kind: 'link_confirmation', link: 'leadsie_manage_link' },
  { inclusion: 'website', name: 'Hosting login', kind: 'credential', instructions: 'User name and password' },
  { inclusion: 'website', name: 'Domain registrar', kind: 'text' },
  { inclusion: 'creative_package', name: 'Logo', kind: 'file' },
];

export function onboardingApi(app: TestApp, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    call,
    async requirements(list: RequirementInput[] = REQUIREMENTS) {
      for (const requirement of list) {
        const res = await call('POST', '/api/onboarding/requirements', requirement);
        if (res.statusCode !== 200) {
          throw new Error(`requirement not created: ${res.body}`);
        }
      }
    },
    /** Starts a client's onboarding without an invite; answers the detail with the page's url and token. */
    async start(customerUuid: string, inclusions: Record<string, boolean> = {}) {
      const res = await call('POST', `/api/customers/${customerUuid}/onboarding`, { inclusions });
      if (res.statusCode !== 200) {
        throw new Error(`onboarding not started: ${res.body}`);
      }
      const data = res.json().data as { uuid: string; url: string; items: { uuid: string; name: string }[] };
      return { ...data, token: data.url.split('/o/')[1] ?? '' };
    },
    async detail(uuid: string) {
      return (await call('GET', `/api/onboardings/${uuid}`)).json().data;
    },
  };
}
