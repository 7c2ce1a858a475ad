import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requestTypes } from '../db/schema';
import { createProductType } from '../modules/product-types';
import { updateRequestType } from '../modules/requests/request-types';

/** The kinds of work the demo agency sells, and which catalogue services are of each (issue 22). */
const PRODUCT_TYPES: { name: string; description: string; services: string[] }[] = [
  {
    name: 'Design',
    description: 'Visual design for print, social and the web.',
    services: [
      'Social Media Creatives',
      'Ad Creatives',
      'Email Design',
      'Illustration Design',
      'Presentation Design',
      'Branding',
      'Print Design',
      'Merch Design',
    ],
  },
  { name: 'Web', description: 'Websites and landing pages.', services: ['Web Page'] },
  {
    name: 'Advertising',
    description: 'Paid campaigns and their management.',
    services: ['New Campaign', 'Ad Budget Adjustment', 'Ad Management'],
  },
  {
    name: 'Marketing',
    description: 'Strategy, consulting and ongoing marketing work.',
    services: [
      'Social Media Management',
      'AI-Powered Marketing & Content Creation',
      'AI Training & Planning',
      'Marketing Consulting',
      'Marketing Strategy',
      'Monthly retainer (10 hours)',
    ],
  },
  {
    name: 'Video',
    description: 'Filmed and edited video.',
    services: ['Video Production', 'Casting Call', 'Location Rentals'],
  },
  { name: 'Hosting', description: 'Managed website hosting.', services: ['Website hosting'] },
];

/**
 * Gives the demo catalogue its product types through the product types' and the services' own commands, so the
 * services list shows a type per service and a discount code can be scoped to one (demo-discounts.ts: DESIGN15).
 * Runs after the orders' seed, which adds the retainer and hosting services.
 */
export async function seedDemoProductTypes(db: Database): Promise<void> {
  for (const type of PRODUCT_TYPES) {
    const created = await createProductType(db, { name: type.name, description: type.description });
    const services = await db
      .select({ id: requestTypes.id })
      .from(requestTypes)
      .where(inArray(requestTypes.name, type.services));
    for (const service of services) {
      await updateRequestType(db, service.id, { product_type_uuid: created.uuid });
    }
  }
}
