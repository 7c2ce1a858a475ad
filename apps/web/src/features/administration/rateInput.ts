import { formatUsd, parseUsdToCents } from '@portal/domain';
import type { FormInstance } from 'antd';
import { ApiError } from '../../api/errors';

/** Cents as the rate inputs show them: 15000 → '150.00' (the $ is the input's prefix). */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : formatUsd(cents).replace(/[$,]/g, '');
}

/** A typed rate → cents; '' → null (a plan override left blank means the agency's rate). NaN when unreadable. */
export function inputToCents(text: string | undefined): number | null {
  if (!text?.trim()) {
    return null;
  }
  return parseUsdToCents(text) ?? Number.NaN;
}

/** Puts a 422's messages under the fields; 'hourly_rates.billable' names the nested field ['hourly_rates', 'billable']. */
export function applyNestedErrors(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return;
  }
  form.setFields(
    Object.entries(error.fieldErrors).map(([name, errors]) => ({
      name: name.startsWith('hourly_rates.') ? ['hourly_rates', name.slice('hourly_rates.'.length)] : name,
      errors,
    })),
  );
}
