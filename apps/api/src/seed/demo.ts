import type { UserType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contacts, userRoles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { StartDeps } from '../modules/onboarding';
import { seedDemoAdministration } from './demo-administration';
import { seedDemoAdvertising } from './demo-advertising';
import { seedDemoBilling } from './demo-billing';
import { seedDemoClients } from './demo-clients';
import { seedDemoContacts } from './demo-contacts';
import { seedDemoContent } from './demo-content';
import { seedDemoDiscounts } from './demo-discounts';
import { seedDemoForms } from './demo-forms';
import { seedDemoOnboarding } from './demo-onboarding';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPosts } from './demo-posts';
import { seedDemoProductTypes } from './demo-product-types';
import { seedDemoRequests } from './demo-requests';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoTimeLogs } from './demo-time-logs';
import { seedDemoWebhooks } from './demo-webhooks';
import { DEMO_ROLES, ensureRole } from './roles';
import { startPeopleByTheirFirstLog } from './start-dates';

export const DEMO_PASSWORD = 'portal-demo-2026';

export const DEMO_ACCOUNTS: {
  email: string;
  name: string;
  jobTitle: string;
  type: UserType;
  role: keyof typeof DEMO_ROLES | null;
}[] = [
  {
    email: 'admin@demo.test',
    name: 'Alex Morgan',
    jobTitle: 'Head of Operations',
    type: 'regular_user',
    role: 'Admin',
  },
  {
    email: 'manager@demo.test',
    name: 'Jamie Rivera',
    jobTitle: 'Account Manager',
    type: 'regular_user',
    role: 'Manager',
  },
  {
    email: 'freelancer@demo.test',
    name: 'Sam Taylor',
    jobTitle: 'Motion Designer',
    type: 'freelancer',
    role: 'Freelancer',
  },
  { email: 'client@demo.test', name: 'Chris Parker', jobTitle: 'Marketing Director', type: 'contact', role: null },
];

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/**
 * Seeds the demo workspace once; a second run finds the admin account and changes nothing. `onboarding` carries the
 * secret box and address the server uses (the client pages' links are sealed under its key); without it the
 * onboarding demo is left out.
 */
export async function seedDemo(db: Database, onboarding?: StartDeps): Promise<boolean> {
  const existing = await db.query.users.findFirst({ where: eq(users.email, 'admin@demo.test') });
  if (existing) {
    return false;
  }
  const roleIds: Record<string, number> = {};
  for (const [name, role] of Object.entries(DEMO_ROLES)) {
    roleIds[name] = await ensureRole(db, name, role.description, role.permissions);
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx.insert(users).values({ email: account.email, passwordHash }).returning({ id: users.id });
      if (!user) {
        throw new Error(`Could not create ${account.email}`);
      }
      await tx.insert(contacts).values({
        userId: user.id,
        name: account.name,
        email: account.email,
        jobTitle: account.jobTitle,
        type: account.type,
      });
      const roleId = account.role ? roleIds[account.role] : undefined;
      if (roleId) {
        await tx.insert(userRoles).values({ userId: user.id, roleId });
      }
    }
  });
  await seedDemoClients(db);
  await seedDemoContacts(db);
  await seedDemoTasks(db);
  await seedDemoRequests(db);
  await seedDemoForms(db);
  await seedDemoOrders(db);
  await seedDemoProductTypes(db);
  await seedDemoContent(db, onboarding?.appUrl ?? 'http://localhost:3000');
  await seedDemoDiscounts(db);
  await seedDemoBilling(db);
  await seedDemoAdministration(db);
  await seedDemoPosts(db);
  await seedDemoAdvertising(db);
  if (onboarding) {
    // After the forms: the client information form is the onboarding's information form.
    await seedDemoOnboarding(db, onboarding);
  }
  // Keep last: it logs time on the seeded tasks (the tasks seed goes above this line).
  await seedDemoTimeLogs(db);
  // After every log: the demo people started before their first logged day (the Users report's expected time).
  await startPeopleByTheirFirstLog(db);
  // Last: its delivery log names the requests, tasks and time logs seeded above.
  await seedDemoWebhooks(db);
  return true;
}
