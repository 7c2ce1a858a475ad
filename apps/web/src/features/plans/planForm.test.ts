import type { PlanType } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  buildPlanPayload,
  defaultPlanType,
  isReloadEditable,
  localIsoDate,
  NEW_CLIENT_PREFIX,
  reloadFieldText,
  reloadTextForType,
} from './planForm';

const retainer: PlanType = {
  name: 'retainer',
  display_name: 'Retainer',
  refill: 600,
  refill_editable: true,
  project_type: 'retainer',
  is_default: true,
};
const hosting: PlanType = {
  name: 'hosting',
  display_name: 'Hosting',
  refill: 0,
  refill_editable: false,
  project_type: 'hosting',
  is_default: false,
};

describe('create-plan form', () => {
  it('preselects the default type', () => {
    expect(defaultPlanType([hosting, retainer])).toBe(retainer);
    expect(defaultPlanType([hosting])).toBe(hosting);
    expect(defaultPlanType([])).toBeUndefined();
  });

  it('shows typed digits as hours:minutes and zero as empty', () => {
    expect(reloadFieldText('1000')).toBe('10:00');
    expect(reloadFieldText('10:005')).toBe('100:05');
    expect(reloadFieldText('0')).toBe('');
  });

  it('fills the reload amount of a chosen type and lets only editable types change it', () => {
    expect(reloadTextForType(retainer)).toBe('10:00');
    expect(reloadTextForType(hosting)).toBe('');
    expect(isReloadEditable(retainer)).toBe(true);
    expect(isReloadEditable(hosting)).toBe(false);
    expect(isReloadEditable(undefined)).toBe(false);
  });

  it('sends an existing client by uuid, the reload amount in minutes and today as start date', () => {
    const payload = buildPlanPayload(
      { client: 'c0ffee00-0000-4000-8000-000000000001', plan: 'retainer', refill: '10:30', manager: 'm-1' },
      retainer,
      new Date(2026, 0, 5, 23, 30),
    );
    expect(payload).toEqual({
      customer_id: 'c0ffee00-0000-4000-8000-000000000001',
      plan: 'retainer',
      refill: 630,
      project_manager_id: 'm-1',
      title: 'Retainer',
      status: 'active',
      start_date: '2026-01-05',
    });
  });

  it('sends a typed new client as business_name only', () => {
    const payload = buildPlanPayload(
      { client: `${NEW_CLIENT_PREFIX} New Co `, plan: 'hosting', refill: '', manager: 'm-1' },
      hosting,
      new Date(2026, 11, 31),
    );
    expect(payload.business_name).toBe('New Co');
    expect(payload).not.toHaveProperty('customer_id');
    expect(payload.refill).toBe(0);
    expect(localIsoDate(new Date(2026, 11, 31))).toBe('2026-12-31');
  });
});
