import { isHttpUrl, MESSAGES, safeHttpUrl, toE164Phone } from '@portal/domain';
import type { FormRule } from 'antd';

/** Form rules that mirror the API's httpUrlField and phoneField (packages/domain), with their messages. */
export const httpUrlRules: FormRule[] = [
  {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || isHttpUrl(value)
        ? Promise.resolve()
        : Promise.reject(new Error(MESSAGES.invalidUrl)),
  },
];

export const phoneRules: FormRule[] = [
  {
    validator: (_rule, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || toE164Phone(value) !== null
        ? Promise.resolve()
        : Promise.reject(new Error(MESSAGES.invalidPhone)),
  },
];

/** Whether a text field holds a value the API would refuse (an autosave then waits for a correction). */
export function invalidLinkOrPhone(kind: 'url' | 'phone', value: string | null | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '') {
    return false;
  }
  return kind === 'url' ? !isHttpUrl(text) : toE164Phone(text) === null;
}

/**
 * Where a stored web address may be linked to: the address itself when it is http(s), else a scheme-less host name
 * saved before the rule ("acme.test") as https; anything else (a stored `javascript:` from before) is no link.
 */
export function linkHref(value: string | null | undefined): string | null {
  if (!value) {
    return null;
  }
  return safeHttpUrl(value) ?? (/^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? null : safeHttpUrl(`https://${value}`));
}
