import type { FormInstance } from 'antd';
import { ApiError } from '../api/errors';

/** Puts a 422's per-field messages under the matching form fields. */
export function applyFieldErrors(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return;
  }
  form.setFields(Object.entries(error.fieldErrors).map(([name, errors]) => ({ name, errors })));
}
