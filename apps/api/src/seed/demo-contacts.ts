import { randomBytes } from 'node:crypto';
import { toE164Phone } from '@portal/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { contactCustomers, contacts, customerInvites, customers, type InviteInclusions, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { generateToken, hashToken } from '../modules/auth/tokens';
import { composeInviteMail } from '../modules/invites/invite-mail';
import { Mailer } from '../modules/mail/mailer';

type DemoPerson = { name: string; jobTitle: string; phone: string; email: string | null; login?: boolean };

/** The people on each demo client (seed/demo-clients.ts), by business name. */
const CLIENT_PEOPLE: Record<string, DemoPerson[]> = {
  'Harbor Dental Clinic': [
    {
      name: 'Dr. Maya Chen',
      jobTitle: 'Practice Owner',
      phone: '+1 415 555 0143',
      email: 'maya@harbordental.test',
      login: true,
    },
    { name: 'Luis Ortega', jobTitle: 'Office Manager', phone: '+1 415 555 0144', email: 'luis@harbordental.test' },
  ],
  'Trattoria Bella Vista': [
    {
      name: 'Giulia Romano',
      jobTitle: 'Owner',
      phone: '+1 415 555 0189',
      email: 'giulia@bellavista.test',
      login: true,
    },
    { name: 'Marco Bianchi', jobTitle: 'Head Chef', phone: '+1 415 555 0190', email: null },
  ],
  'Summit Realty Group': [
    { name: 'Derek Walsh', jobTitle: 'Managing Broker', phone: '+1 303 555 0108', email: 'derek@summitrealty.test' },
    {
      name: 'Priya Nair',
      jobTitle: 'Marketing Coordinator',
      phone: '+1 303 555 0109',
      email: 'priya@summitrealty.test',
      login: true,
    },
    { name: 'Tom Becker', jobTitle: 'Listing Agent', phone: '+1 303 555 0110', email: 'tom@summitrealty.test' },
  ],
  'Northwind Outfitters': [
    {
      name: 'Hannah Lind',
      jobTitle: 'E-commerce Director',
      phone: '+1 206 555 0200',
      email: 'hannah@northwind.test',
      login: true,
    },
    { name: 'Oscar Reyes', jobTitle: 'Merchandiser', phone: '+1 206 555 0201', email: 'oscar@northwind.test' },
  ],
  'Green Leaf Cafe': [
    { name: 'Nora Quinn', jobTitle: 'Co-owner', phone: '+1 512 555 0134', email: 'nora@greenleaf.test' },
    { name: 'Sami Haddad', jobTitle: 'Co-owner', phone: '+1 512 555 0135', email: 'sami@greenleaf.test' },
  ],
  'Brightside Pediatrics': [
    {
      name: 'Dr. Elena Petrova',
      jobTitle: 'Medical Director',
      phone: '+1 617 555 0120',
      email: 'elena@brightside.test',
    },
    {
      name: 'Grace Kim',
      jobTitle: 'Practice Administrator',
      phone: '+1 617 555 0121',
      email: 'grace@brightside.test',
      login: true,
    },
  ],
  'Coastal Yoga Studio': [
    { name: 'Lena Brooks', jobTitle: 'Studio Owner', phone: '+1 619 555 0150', email: 'lena@coastalyoga.test' },
    { name: 'Kai Nakamura', jobTitle: 'Community Manager', phone: '+1 619 555 0151', email: null },
  ],
  'Urban Bites Food Truck': [
    { name: 'Andre Jackson', jobTitle: 'Owner', phone: '+1 213 555 0160', email: 'andre@urbanbites.test' },
    { name: 'Rosa Delgado', jobTitle: 'Operations Lead', phone: '+1 213 555 0161', email: 'rosa@urbanbites.test' },
  ],
  'Keystone Law Partners': [
    {
      name: 'Margaret Ellis',
      jobTitle: 'Managing Partner',
      phone: '+1 215 555 0170',
      email: 'mellis@keystonelaw.test',
      login: true,
    },
    { name: 'David Okafor', jobTitle: 'Partner', phone: '+1 215 555 0171', email: 'dokafor@keystonelaw.test' },
    {
      name: 'Chloe Martin',
      jobTitle: 'Marketing Assistant',
      phone: '+1 215 555 0172',
      email: 'cmartin@keystonelaw.test',
    },
  ],
  'Velvet & Vine Boutique': [
    { name: 'Isabelle Moreau', jobTitle: 'Founder', phone: '+1 312 555 0180', email: 'isabelle@velvetvine.test' },
    { name: 'Jonah Price', jobTitle: 'Store Manager', phone: '+1 312 555 0181', email: null },
  ],
  'Peak Performance Gym': [
    { name: 'Marcus Hill', jobTitle: 'Owner', phone: '+1 720 555 0190', email: 'marcus@peakgym.test' },
    { name: 'Tasha Green', jobTitle: 'Membership Manager', phone: '+1 720 555 0191', email: 'tasha@peakgym.test' },
  ],
  'Lakeside Property Management': [
    {
      name: 'Robert Lake',
      jobTitle: 'Principal',
      phone: '+1 608 555 0102',
      email: 'robert@lakesidepm.test',
      login: true,
    },
    { name: 'Ines Alvarez', jobTitle: 'Leasing Manager', phone: '+1 608 555 0103', email: 'ines@lakesidepm.test' },
  ],
};

/** Pending invites, mailed like real ones so they show in the outbox (the email log). */
const DEMO_INVITES: { businessName: string; email: string; inclusions: Partial<InviteInclusions> }[] = [
  { businessName: 'Harbor Dental Clinic', email: 'reception@harbordental.test', inclusions: { login_register: true } },
  {
    businessName: 'Northwind Outfitters',
    email: 'ads@northwind.test',
    inclusions: { login_register: true, leadsie_manage_link: true },
  },
  {
    businessName: 'Green Leaf Cafe',
    email: 'nora@greenleaf.test',
    inclusions: { login_register: true, welcome_kit: true },
  },
  { businessName: 'Peak Performance Gym', email: 'front-desk@peakgym.test', inclusions: { leadsie_social_link: true } },
];

const NO_INCLUSIONS: InviteInclusions = {
  social_media: false,
  creative_package: false,
  video_production: false,
  website: false,
  advertising: false,
  schedule_call_link: false,
  welcome_kit: false,
  login_register: false,
  leadsie_manage_link: false,
  leadsie_social_link: false,
};

const quietLog = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/**
 * Client contacts (2–3 per demo client, some with a client login, some without e-mail) and a few pending invites.
 * Clients are looked up by business name, so a client the clients seed did not create is skipped.
 */
export async function seedDemoContacts(db: Database, appUrl: string = loadConfig().appUrl): Promise<void> {
  const clientRows = await db
    .select({ id: customers.id, businessName: customers.businessName })
    .from(customers)
    .where(
      inArray(customers.businessName, [...Object.keys(CLIENT_PEOPLE), ...DEMO_INVITES.map((i) => i.businessName)]),
    );
  const clientIds = new Map(clientRows.map((c) => [c.businessName, c.id]));
  // Client logins exist so the "moved to the client dashboard" notice can be seen; nobody knows their password.
  const passwordHash = await hashPassword(randomBytes(32).toString('hex'));

  await db.transaction(async (tx) => {
    for (const [businessName, people] of Object.entries(CLIENT_PEOPLE)) {
      const customerId = clientIds.get(businessName);
      if (!customerId) {
        continue;
      }
      for (const person of people) {
        let userId: number | null = null;
        if (person.login && person.email) {
          const [user] = await tx
            .insert(users)
            .values({ email: person.email, passwordHash })
            .onConflictDoNothing()
            .returning({ id: users.id });
          userId = user?.id ?? null;
        }
        const [contact] = await tx
          .insert(contacts)
          .values({
            userId,
            name: person.name,
            email: person.email,
            phone: toE164Phone(person.phone),
            jobTitle: person.jobTitle,
            type: 'contact',
          })
          .returning({ id: contacts.id });
        if (contact) {
          await tx.insert(contactCustomers).values({ contactId: contact.id, customerId });
        }
      }
    }
  });

  const mailer = new Mailer(db, quietLog, { from: 'Agency Portal <no-reply@agency-portal.local>' });
  for (const invite of DEMO_INVITES) {
    const customerId = clientIds.get(invite.businessName);
    if (!customerId) {
      continue;
    }
    const token = generateToken();
    const inclusions = { ...NO_INCLUSIONS, ...invite.inclusions };
    await db
      .insert(customerInvites)
      .values({ email: invite.email, customerId, inclusions, tokenHash: hashToken(token) })
      .onConflictDoNothing();
    await mailer.send(
      composeInviteMail({ appUrl, to: invite.email, token, businessName: invite.businessName, inclusions }),
    );
  }
}
