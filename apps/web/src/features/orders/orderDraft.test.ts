import type { Order, RequestType } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  draftBody,
  draftOf,
  orderActions,
  orderableServices,
  previewLineCents,
  previewTotalCents,
  sameAsSaved,
} from './orderDraft';

const service = (uuid: string, price: number | null, disabled = false): RequestType => ({
  id: 1,
  uuid,
  name: uuid,
  imageUrl: null,
  icon: null,
  description: null,
  tags: [],
  timeEstimated: null,
  disabled,
  form: [],
  sort_order: 0,
  price_cents: price,
  sells: 'one_off',
  plan_reload_minutes: null,
  product_type: null,
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const CLIENT = '00000000-0000-4000-8000-0000000000c1';

describe('the order editor', () => {
  it('offers only enabled services with a price', () => {
    const list = [service(A, 100), service(B, null), service('x', 5, true)];
    expect(orderableServices(list).map((s) => s.uuid)).toEqual([A]);
  });

  it('builds the body from the lines with a service, and says what is missing', () => {
    expect(draftBody({ customer_uuid: null, lines: [] })).toEqual({ error: 'Choose the client' });
    expect(draftBody({ customer_uuid: CLIENT, lines: [{ key: '1', service_uuid: null, quantity: 1 }] })).toEqual({
      error: 'Add at least one service',
    });
    expect(
      draftBody({
        customer_uuid: CLIENT,
        lines: [
          { key: '1', service_uuid: A, quantity: 2 },
          { key: '2', service_uuid: null, quantity: 1 },
        ],
      }),
    ).toEqual({ body: { customer_uuid: CLIENT, items: [{ service_uuid: A, quantity: 2 }] } });
  });

  it('previews the total as the server computes it: each line rounded half up to the cent', () => {
    const services = [service(A, 333), service(B, 1999)];
    const draft = {
      customer_uuid: CLIENT,
      lines: [
        { key: '1', service_uuid: A, quantity: 1.5 },
        { key: '2', service_uuid: B, quantity: 3 },
      ],
    };
    expect(previewLineCents({ key: '1', service_uuid: A, quantity: 1.5 }, services)).toBe(500);
    expect(previewTotalCents(draft, services)).toBe(6497);
  });

  it('knows when the editor still shows the saved order', () => {
    const order = {
      customer: { uuid: CLIENT, business_name: 'Acme' },
      lines: [{ uuid: 'l1', service_uuid: A, quantity: 2 }],
    } as unknown as Order;
    const draft = draftOf(order);
    expect(sameAsSaved(draft, order)).toBe(true);
    expect(sameAsSaved({ ...draft, lines: [{ key: 'l1', service_uuid: A, quantity: 3 }] }, order)).toBe(false);
    expect(sameAsSaved(draft, null)).toBe(false);
  });

  it('offers place and edit on drafts, paid on placed orders, cancel until paid', () => {
    expect(orderActions('draft')).toEqual({ edit: true, place: true, pay: false, cancel: true });
    expect(orderActions('placed')).toEqual({ edit: false, place: false, pay: true, cancel: true });
    expect(orderActions('paid')).toEqual({ edit: false, place: false, pay: false, cancel: false });
    expect(orderActions('cancelled')).toEqual({ edit: false, place: false, pay: false, cancel: false });
  });
});
