import type { ContactStatus, PersonCard, UserType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import type { Executor } from '../contacts/references';

type CardRow = {
  uuid: string;
  contact_uuid: string;
  name: string;
  job_title: string | null;
  type: UserType;
  status: ContactStatus;
  email: string | null;
  phone: string | null;
};

/**
 * Who may read a person's phone and e-mail on their card. Doc 2 §2 lists them on the popover and is silent on who
 * sees them, so the card shows no more than the caller can already read elsewhere: everyone with CONTACTS_READ reads
 * them on the Users and Contacts screens; one's own are one's own; and staff colleagues (regular users) are reachable
 * by everyone working with them, freelancers included. A client contact's or another freelancer's details stay with
 * CONTACTS_READ.
 */
export function canReadContactDetails(principal: Principal, person: Pick<CardRow, 'uuid' | 'type'>): boolean {
  return principal.permissions.has('CONTACTS_READ') || principal.uuid === person.uuid || person.type === 'regular_user';
}

/** The person's page (/users/{contact uuid}) opens for the same callers as GET contacts/{uuid}. */
function canOpenProfile(principal: Principal, row: CardRow): boolean {
  return principal.permissions.has('CONTACTS_READ') || principal.contactUuid === row.contact_uuid;
}

/** The user popover's card of the login `uuid`, allow-listed for `principal`; 404 when no such login. */
export async function getPersonCard(db: Executor, principal: Principal, uuid: string): Promise<PersonCard> {
  const result = await db.execute<CardRow>(sql`
    select u.uuid, c.uuid as contact_uuid, c.name, c.job_title, c.type, c.status,
      coalesce(c.email, u.email) as email, c.phone
    from users u join contacts c on c.user_id = u.id
    where u.uuid = ${uuid}`);
  const row = result.rows[0];
  if (!row) {
    throw notFound();
  }
  const details = canReadContactDetails(principal, row);
  return {
    uuid: row.uuid,
    name: row.name,
    job_title: row.job_title,
    type: row.type,
    status: row.status,
    email: details ? row.email : null,
    phone: details ? row.phone : null,
    profile_url: canOpenProfile(principal, row) ? `/users/${row.contact_uuid}` : null,
  };
}
