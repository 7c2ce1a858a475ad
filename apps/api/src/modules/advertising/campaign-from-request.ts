import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DomainEvent } from '../../events/domain-events';

/** The catalogue's "New Campaign" service (spec doc 2 §7, id 17): submitting one opens its campaign. */
const NEW_CAMPAIGN = 'new campaign';

/**
 * A submitted "New Campaign" request makes a draft campaign for the request's client and plan, named after the
 * request and linked to it, so the desk sees the work coming. It listens to committed request writes (it never
 * calls the requests module) and reads the request's row; the campaign's unique source request makes a second
 * event (a later edit) a no-op, and a name the client already uses leaves the existing campaign alone. Meta is
 * the default platform until someone edits it: the brief's answers are free text, not a platform code.
 */
export async function campaignFromRequest(ctx: Pick<AppContext, 'db'>, requestUuid: string): Promise<void> {
  await ctx.db.execute(sql`with source as (
      select r.id, r.subject, r.project_id, pr.customer_id, r.creator_id
      from requests r join request_types rt on rt.id = r.request_type_id join projects pr on pr.id = r.project_id
      where r.uuid = ${requestUuid} and r.status <> 'draft' and lower(rt.name) = ${NEW_CAMPAIGN}
        and pr.customer_id is not null
    ), made as (
      insert into ad_campaigns (customer_id, project_id, name, platform, status, source_request_id, created_by_id)
      select customer_id, project_id, left(subject, 200), 'meta', 'draft', id, creator_id from source
      on conflict do nothing
      returning id, source_request_id
    )
    insert into ad_campaign_links (campaign_id, request_id) select id, source_request_id from made
    on conflict do nothing`);
}

export function subscribeCampaignFromRequest(ctx: Pick<AppContext, 'db' | 'events'>, log: FastifyBaseLogger) {
  return ctx.events.subscribe(async (events: readonly DomainEvent[]) => {
    for (const event of events) {
      if (event.model === 'request' && event.action !== 'deleted' && event.payload?.status !== 'draft') {
        await campaignFromRequest(ctx, event.id).catch((error: unknown) =>
          log.error({ err: error, request: event.id }, 'campaign from request failed'),
        );
      }
    }
  });
}
