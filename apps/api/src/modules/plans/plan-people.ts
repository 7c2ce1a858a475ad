import { type SQL, sql } from 'drizzle-orm';

// These conditions run inside selects from `users` (joined or not) and name the outer table literally: drizzle
// leaves columns unqualified in a single-table select, and an unqualified "id" inside a subquery would bind to the
// inner table.

/** The user is on the plan's member list (project users). */
export function planMemberCondition(planId: number): SQL {
  return sql`exists (select 1 from project_users pu where pu.project_id = ${planId} and pu.user_id = users.id)`;
}

/** The user's contact belongs to the plan's client. */
export function planClientContactCondition(planId: number): SQL {
  return sql`exists (select 1 from contacts rc join contact_customers cc on cc.contact_id = rc.id
    join projects rp on rp.customer_id = cc.customer_id where rc.user_id = users.id and rp.id = ${planId})`;
}

/**
 * Who may be a request's requester on this plan (doc 2 §2): an active user (a login) who is a member of the plan or
 * a contact of its client. The requests module enforces it and the requester picker lists it, so both use this.
 */
export function planRequesterCondition(planId: number): SQL {
  return sql`(users.status = 'active' and (${planMemberCondition(planId)} or ${planClientContactCondition(planId)}))`;
}
