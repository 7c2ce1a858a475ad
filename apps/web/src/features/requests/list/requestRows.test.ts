import { describe, expect, it } from 'vitest';
import {
  GHOSTED_COLOUR,
  isDeliveryOverdue,
  requestStatusLabel,
  TEMPERATURE_COLOURS,
  temperatureBorderColour,
} from './requestRows';

describe('request row border', () => {
  it('follows the temperature', () => {
    for (const temperature of ['hot', 'warm', 'cold', 'frozen'] as const) {
      expect(temperatureBorderColour({ status: 'in_progress', heat: temperature, ghosted: false })).toBe(
        TEMPERATURE_COLOURS[temperature],
      );
    }
  });
  it('is grey when an open request is ghosted or has no temperature', () => {
    expect(temperatureBorderColour({ status: 'new', heat: 'hot', ghosted: true })).toBe(GHOSTED_COLOUR);
    expect(temperatureBorderColour({ status: 'approved', heat: null, ghosted: false })).toBe(GHOSTED_COLOUR);
  });
  it('is not grey once the request is closed', () => {
    expect(temperatureBorderColour({ status: 'completed', heat: null, ghosted: true })).toBeUndefined();
    expect(temperatureBorderColour({ status: 'cancelled', heat: 'warm', ghosted: true })).toBe(
      TEMPERATURE_COLOURS.warm,
    );
  });
});

describe('delivery date', () => {
  const today = '2026-11-22';
  it('is overdue once its day has passed and the request is not completed', () => {
    expect(isDeliveryOverdue({ status: 'in_progress', target_date: '2026-11-21' }, today)).toBe(true);
    expect(isDeliveryOverdue({ status: 'in_progress', target_date: '2026-11-21T10:00:00.000Z' }, today)).toBe(true);
  });
  it('is not overdue on its day, without a date, or when completed', () => {
    expect(isDeliveryOverdue({ status: 'in_progress', target_date: today }, today)).toBe(false);
    expect(isDeliveryOverdue({ status: 'in_progress', target_date: null }, today)).toBe(false);
    expect(isDeliveryOverdue({ status: 'completed', target_date: '2026-01-01' }, today)).toBe(false);
  });
});

describe('request status label', () => {
  it("shows new as 'In preparation'", () => {
    expect(requestStatusLabel('new')).toBe('In preparation');
    expect(requestStatusLabel('waiting_approval')).toBe('Waiting approval');
  });
});
