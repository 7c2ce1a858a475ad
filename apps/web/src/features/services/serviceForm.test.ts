import { MESSAGES, ORDER_MESSAGES, type RequestType } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  countQuestions,
  formatEstimate,
  formatPrice,
  matchesSearch,
  parseEstimate,
  parseFormJson,
  parsePrice,
  parseReload,
  serviceBody,
  serviceFieldErrors,
  serviceValues,
} from './serviceForm';

const emailDesign: RequestType = {
  id: 8,
  uuid: '6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001',
  name: 'Email Design',
  imageUrl: null,
  icon: 'MailOutlined',
  description: 'Newsletters',
  tags: ['Design', 'email'],
  timeEstimated: 90,
  disabled: false,
  form: [
    { name: 'intro', label: 'Intro', type: 'header' },
    {
      name: 'group',
      label: 'Group',
      type: 'formGroup',
      children: [
        { name: 'brief', label: 'Brief', type: 'textEditor' },
        { name: 'size', label: 'Size', type: 'select', options: [{ label: 'A4', value: 'a4' }] },
      ],
    },
  ],
  sort_order: 0,
  price_cents: null,
  sells: 'one_off',
  plan_reload_minutes: null,
  product_type: null,
};

describe('the estimate as h:mm', () => {
  it('shows minutes as hours and two-digit minutes, nothing when there is no estimate', () => {
    expect(formatEstimate(90)).toBe('1:30');
    expect(formatEstimate(900)).toBe('15:00');
    expect(formatEstimate(5)).toBe('0:05');
    expect(formatEstimate(0)).toBe('0:00');
    expect(formatEstimate(null)).toBe('');
  });

  it('reads h:mm or whole hours back as minutes, blank as no estimate', () => {
    expect(parseEstimate('1:30')).toEqual({ minutes: 90 });
    expect(parseEstimate(' 15:00 ')).toEqual({ minutes: 900 });
    expect(parseEstimate('2')).toEqual({ minutes: 120 });
    expect(parseEstimate('')).toEqual({ minutes: null });
    for (const bad of ['1:60', '1:5', 'abc', '-1:00', '1.5', '99999:00']) {
      expect(parseEstimate(bad), bad).toEqual({ error: MESSAGES.invalidEstimate });
    }
    expect(parseEstimate(formatEstimate(754))).toEqual({ minutes: 754 });
  });
});

describe('the questionnaire JSON', () => {
  it('parses a valid form and takes blank for no questions', () => {
    expect(parseFormJson(JSON.stringify(emailDesign.form))).toEqual({ form: emailDesign.form });
    expect(parseFormJson('  ')).toEqual({ form: [] });
  });

  it('refuses broken JSON, a question the schema rejects and a form that does not hold together', () => {
    const syntax = parseFormJson('[{');
    expect('error' in syntax && syntax.error.startsWith(`${MESSAGES.invalidForm}: `)).toBe(true);
    const badName = parseFormJson(JSON.stringify([{ name: 'Bad Name', label: 'x', type: 'input' }]));
    expect('error' in badName && badName.error.startsWith(`${MESSAGES.invalidForm}: 0.name`)).toBe(true);
    expect(parseFormJson('{"name":"x"}')).toMatchObject({ error: expect.stringContaining(MESSAGES.invalidForm) });
    const twice = JSON.stringify([
      { name: 'a', label: 'A', type: 'input' },
      { name: 'a', label: 'A', type: 'input' },
    ]);
    expect(parseFormJson(twice)).toEqual({ error: MESSAGES.invalidForm });
  });
});

describe('service values', () => {
  it('round-trips a type through the modal into the write body', () => {
    const values = serviceValues(emailDesign);
    expect(values).toMatchObject({ timeEstimated: '1:30', icon: 'MailOutlined', disabled: false });
    expect(serviceBody(values)).toEqual({
      name: 'Email Design',
      description: 'Newsletters',
      icon: 'MailOutlined',
      imageUrl: null,
      tags: ['Design', 'email'],
      timeEstimated: 90,
      disabled: false,
      form: emailDesign.form,
      price_cents: null,
      sells: 'one_off',
      plan_reload_minutes: null,
      product_type_uuid: null,
    });
  });

  it('sends the chosen product type by uuid, and null once it is cleared', () => {
    const web = { uuid: '7b0c1a52-3b1e-4c1a-9a43-0d51e1d5b001', name: 'Web' };
    const values = serviceValues({ ...emailDesign, product_type: web });
    expect(values.productType).toBe(web.uuid);
    expect(serviceBody(values).product_type_uuid).toBe(web.uuid);
    expect(serviceBody({ ...values, productType: undefined }).product_type_uuid).toBeNull();
    expect(serviceFieldErrors({ product_type_uuid: ['The selected product type does not exist'] }).fields).toEqual([
      { name: 'productType', errors: ['The selected product type does not exist'] },
    ]);
  });

  it('starts a new service enabled, without estimate or questions', () => {
    const values = serviceValues(null);
    expect(values).toMatchObject({ name: '', timeEstimated: '', disabled: false, form: '[]' });
    expect(serviceBody({ ...values, name: ' Menu ' })).toMatchObject({ name: 'Menu', timeEstimated: null, form: [] });
  });

  it('counts the questions someone answers, nested ones included, not headers or groups', () => {
    expect(countQuestions(emailDesign.form)).toBe(2);
    expect(countQuestions([])).toBe(0);
  });

  it('searches the name and the tags, ignoring case', () => {
    expect(matchesSearch(emailDesign, 'mail')).toBe(true);
    expect(matchesSearch(emailDesign, 'DESIGN')).toBe(true);
    expect(matchesSearch(emailDesign, 'video')).toBe(false);
    expect(matchesSearch(emailDesign, ' ')).toBe(true);
    expect(matchesSearch(emailDesign, 'emial')).toBe(true);
  });
});

describe('the order catalogue fields', () => {
  it('reads a price in dollars as cents, blank as no price, and refuses three decimals or a negative', () => {
    expect(parsePrice('1500')).toEqual({ cents: 150_000 });
    expect(parsePrice('1,500.5')).toEqual({ cents: 150_050 });
    expect(parsePrice(' ')).toEqual({ cents: null });
    expect('error' in parsePrice('9.999')).toBe(true);
    expect('error' in parsePrice('-5')).toBe(true);
    expect('error' in parsePrice('1000000.01')).toBe(true);
    expect(formatPrice(150_050)).toBe('1500.50');
  });

  it('needs a reload amount for a retainer and sends none for other services', () => {
    expect(parseReload('retainer', '10:00')).toEqual({ minutes: 600 });
    expect(parseReload('retainer', '')).toEqual({ error: ORDER_MESSAGES.retainerNeedsReload });
    expect(parseReload('hosting', '10:00')).toEqual({ minutes: null });
    const retainer = { ...emailDesign, price_cents: 200_000, sells: 'retainer' as const, plan_reload_minutes: 600 };
    expect(serviceBody(serviceValues(retainer))).toMatchObject({
      price_cents: 200_000,
      sells: 'retainer',
      plan_reload_minutes: 600,
    });
  });

  it('shows the API errors of the order fields under their fields', () => {
    expect(serviceFieldErrors({ plan_reload_minutes: ['x'], price_cents: ['y'] }).fields).toEqual([
      { name: 'planReload', errors: ['x'] },
      { name: 'price', errors: ['y'] },
    ]);
  });
});

describe('server errors on the modal', () => {
  it('puts errors under their field, nested paths kept, and reports the rest', () => {
    expect(
      serviceFieldErrors({
        name: [MESSAGES.nameTaken],
        'form.0.name': ['Invalid'],
        form: [MESSAGES.invalidForm],
        sort_order: ['Too big'],
      }),
    ).toEqual({
      fields: [
        { name: 'name', errors: [MESSAGES.nameTaken] },
        { name: 'form', errors: ['0.name: Invalid', MESSAGES.invalidForm] },
      ],
      other: ['Too big'],
    });
  });
});
