import { useQuery } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { MetaConnectionsCard } from '../advertising';
import { StripeIntegrationCard } from '../billing';
import { PageHeader } from '../common/PageHeader';
import { GOOGLE_KEY, getGoogle, INTEGRATIONS_KEY, listIntegrations } from './api';
import { EnvironmentCard } from './EnvironmentCard';
import { GoogleCard } from './GoogleCard';
import './integrations.css';

/**
 * /integrations: every integration with its state. Google Calendar is each person's own; the card payment provider
 * (Stripe) is the agency's, set here by INTEGRATIONS_UPDATE; the services the server's environment configures are
 * shown read-only to INTEGRATIONS_READ, with Test for INTEGRATIONS_UPDATE.
 */
export function IntegrationsPage() {
  const ability = useAbility();
  const mayReadEnvironment = ability.can('INTEGRATIONS_READ');
  const google = useQuery({ queryKey: GOOGLE_KEY, queryFn: ({ signal }) => getGoogle(signal) });
  const environment = useQuery({
    queryKey: INTEGRATIONS_KEY,
    queryFn: ({ signal }) => listIntegrations(signal),
    enabled: mayReadEnvironment,
  });
  return (
    <div className="integrations-page">
      <PageHeader title="Integrations" />
      <div className="integration-grid">
        {google.data ? <GoogleCard state={google.data} /> : <Spin />}
        {/* The card payment provider is agency-wide: regular staff who may read integrations see its card. */}
        <StripeIntegrationCard />
        {/* Each client's Meta ad account: regular staff with the product permissions. */}
        <MetaConnectionsCard />
      </div>
      {mayReadEnvironment ? (
        <>
          <Typography.Title level={4} className="integration-section">
            Configured by the server
          </Typography.Title>
          <div className="integration-grid">
            {(environment.data ?? []).map((item) => (
              <EnvironmentCard key={item.kind} item={item} mayTest={ability.can('INTEGRATIONS_UPDATE')} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
