import { type PlanStatus, toE164Phone } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contactCustomers, contacts, customers, planTypes, projects, projectUsers, users } from '../db/schema';

type DemoClient = {
  businessName: string;
  abbreviation: string;
  phone: string;
  email: string;
  website: string;
  status?: 'active' | 'inactive';
  notes?: string;
  /** [plan type, status, title?, reload minutes?] */
  plans: [string, PlanStatus, string?, number?][];
};

/** An agency's book of clients: restaurants, a dental clinic, real estate, e-commerce and the like. */
const DEMO_CLIENTS: DemoClient[] = [
  {
    businessName: 'Harbor Dental Clinic',
    abbreviation: 'HDC',
    phone: '+1 415 555 0142',
    email: 'office@harbordental.test',
    website: 'https://harbordental.test',
    notes: 'Prefers calls on Tuesday mornings. New patient campaign every January.',
    plans: [
      ['retainer', 'active', 'Harbor Dental retainer'],
      ['hosting', 'active'],
      ['ad_management', 'paused', 'Invisalign search ads'],
    ],
  },
  {
    businessName: 'Trattoria Bella Vista',
    abbreviation: 'TBV',
    phone: '+1 415 555 0188',
    email: 'ciao@bellavista.test',
    website: 'https://bellavista.test',
    plans: [
      ['social_media_management', 'active', 'Bella Vista social'],
      ['hosting', 'active'],
    ],
  },
  {
    businessName: 'Summit Realty Group',
    abbreviation: 'SRG',
    phone: '+1 303 555 0107',
    email: 'listings@summitrealty.test',
    website: 'https://summitrealty.test',
    plans: [
      ['retainer', 'active', 'Summit Realty retainer', 1200],
      ['one_off_project', 'in_progress', 'Listing site redesign', 2400],
      ['ad_management', 'active', 'Open house ads'],
    ],
  },
  {
    businessName: 'Northwind Outfitters',
    abbreviation: 'NWO',
    phone: '+1 206 555 0199',
    email: 'hello@northwind.test',
    website: 'https://northwind-outfitters.test',
    notes: 'Shopify store; seasonal sale calendar shared in the drive.',
    plans: [
      ['retainer', 'active', 'Northwind e-commerce retainer', 1800],
      ['ad_management', 'active', 'Shopping campaigns'],
      ['hosting', 'completed', 'Legacy store hosting'],
    ],
  },
  {
    businessName: 'Green Leaf Cafe',
    abbreviation: 'GLC',
    phone: '+1 512 555 0133',
    email: 'team@greenleaf.test',
    website: 'https://greenleafcafe.test',
    plans: [
      ['social_media_management', 'waiting_to_launch', 'Green Leaf launch social'],
      ['hosting', 'active'],
    ],
  },
  {
    businessName: 'Brightside Pediatrics',
    abbreviation: 'BSP',
    phone: '+1 617 555 0161',
    email: 'admin@brightside.test',
    website: 'https://brightsidepeds.test',
    plans: [
      ['retainer', 'active', 'Brightside retainer'],
      ['hosting', 'active'],
    ],
  },
  {
    businessName: 'Coastal Yoga Studio',
    abbreviation: 'CYS',
    phone: '+1 858 555 0120',
    email: 'namaste@coastalyoga.test',
    website: 'https://coastalyoga.test',
    plans: [
      ['one_off_project', 'completed', 'Class booking widget', 900],
      ['social_media_management', 'active', 'Coastal Yoga social'],
    ],
  },
  {
    businessName: 'Urban Bites Food Truck',
    abbreviation: 'UBF',
    phone: '+1 312 555 0175',
    email: 'orders@urbanbites.test',
    website: 'https://urbanbites.test',
    status: 'inactive',
    notes: 'Paused the account for the winter season.',
    plans: [['social_media_management', 'cancelled', 'Urban Bites social']],
  },
  {
    businessName: 'Keystone Law Partners',
    abbreviation: 'KLP',
    phone: '+1 215 555 0114',
    email: 'intake@keystonelaw.test',
    website: 'https://keystonelaw.test',
    plans: [
      ['retainer', 'active', 'Keystone retainer'],
      ['hosting', 'active'],
    ],
  },
  {
    businessName: 'Velvet & Vine Boutique',
    abbreviation: 'V&V',
    phone: '+1 305 555 0156',
    email: 'shop@velvetvine.test',
    website: 'https://velvetvine.test',
    plans: [
      ['ad_management', 'active', 'Velvet & Vine paid social'],
      ['retainer', 'paused', 'Velvet & Vine retainer'],
    ],
  },
  {
    businessName: 'Peak Performance Gym',
    abbreviation: 'PPG',
    phone: '+1 720 555 0191',
    email: 'front@peakgym.test',
    website: 'https://peakgym.test',
    status: 'inactive',
    plans: [['hosting', 'cancelled']],
  },
  {
    businessName: 'Lakeside Property Management',
    abbreviation: 'LPM',
    phone: '+1 608 555 0128',
    email: 'service@lakesidepm.test',
    website: 'https://lakesidepm.test',
    plans: [
      ['retainer', 'active', 'Lakeside retainer'],
      ['one_off_project', 'blueprint', 'Tenant portal blueprint'],
    ],
  },
];

/**
 * Clients and plans for the demo workspace. Managers alternate between the demo admin and manager; the freelancer
 * is a member of the active retainers, and the demo client contact belongs to the first client.
 */
export async function seedDemoClients(db: Database): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email, contactId: contacts.id })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(inArray(users.email, ['admin@demo.test', 'manager@demo.test', 'freelancer@demo.test', 'client@demo.test']));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const managerIds = ['manager@demo.test', 'admin@demo.test'].map((e) => byEmail.get(e)?.id ?? null);
  const freelancerId = byEmail.get('freelancer@demo.test')?.id;
  const types = new Map((await db.select().from(planTypes)).map((t) => [t.name, t]));
  const createdById = managerIds[1] ?? null;

  await db.transaction(async (tx) => {
    let planNumber = 0;
    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const [customer] = await tx
        .insert(customers)
        .values({
          businessName: client.businessName,
          status: client.status ?? 'active',
          abbreviation: client.abbreviation,
          // Stored as the API stores typed numbers (E.164); the list above keeps them readable.
          phone: toE164Phone(client.phone),
          email: client.email,
          website: client.website,
          dashboardLink1: `${client.website}/dashboard`,
          dashboardLink2: `${client.website}/m/dashboard`,
          notes: client.notes ?? null,
          notesDelta: client.notes ? { ops: [{ insert: `${client.notes}\n` }] } : null,
          createdById,
        })
        .returning({ id: customers.id });
      if (!customer) {
        throw new Error(`Could not create ${client.businessName}`);
      }
      const contact = byEmail.get('client@demo.test');
      if (index === 0 && contact) {
        await tx.insert(contactCustomers).values({ contactId: contact.contactId, customerId: customer.id });
      }
      for (const [typeName, status, title, refill] of client.plans) {
        const type = types.get(typeName);
        const managerId = managerIds[planNumber++ % managerIds.length] ?? null;
        const [plan] = await tx
          .insert(projects)
          .values({
            title: title ?? `${client.businessName} ${type?.displayName.toLowerCase() ?? typeName}`,
            status,
            isRetainer: type?.projectType === 'retainer',
            customerId: customer.id,
            planTypeId: type?.id,
            refillMinutes: type?.refillEditable ? (refill ?? type.refillMinutes) : (type?.refillMinutes ?? 0),
            projectManagerId: managerId,
            startDate: `2026-0${1 + (planNumber % 9)}-01`,
            createdById,
          })
          .returning({ id: projects.id });
        const members = new Set<number>();
        if (managerId) {
          members.add(managerId);
        }
        if (freelancerId && typeName === 'retainer' && status === 'active') {
          members.add(freelancerId);
        }
        if (plan && members.size) {
          await tx.insert(projectUsers).values([...members].map((userId) => ({ projectId: plan.id, userId })));
        }
      }
    }
  });
}

export const DEMO_CLIENT_COUNT = DEMO_CLIENTS.length;
export const DEMO_PLAN_COUNT = DEMO_CLIENTS.reduce((n, c) => n + c.plans.length, 0);
