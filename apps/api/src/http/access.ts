import { APP_USER_TYPES, MESSAGES, type Permission, USER_TYPES, type UserType } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors';

/**
 * Every route says who may call it, in its own `config.access`. A route that says nothing stops the server from
 * starting (see registerAccessControl), so an endpoint can never be open by omission.
 */
export type RouteAccess =
  | { kind: 'public'; duringMaintenance?: boolean }
  | { kind: 'signed_in'; types: readonly UserType[]; permission?: Permission; superUser?: boolean };

export const access = {
  public: (options: { duringMaintenance?: boolean } = {}): RouteAccess => ({ kind: 'public', ...options }),
  /** Any signed-in account, client contacts included: only the own-user calls (user, logout) use this. */
  anyUser: (): RouteAccess => ({ kind: 'signed_in', types: USER_TYPES }),
  /** Staff and freelancers, optionally with a permission. */
  staff: (permission?: Permission): RouteAccess => ({ kind: 'signed_in', types: APP_USER_TYPES, permission }),
  /** Staff (regular_user) only. */
  regular: (permission?: Permission): RouteAccess => ({ kind: 'signed_in', types: ['regular_user'], permission }),
  /** Super users (SUPER_USER_EMAILS) among staff, e.g. Groups. */
  superUser: (permission?: Permission): RouteAccess => ({
    kind: 'signed_in',
    types: ['regular_user'],
    permission,
    superUser: true,
  }),
};

/** Who is calling, resolved from the bearer token once per request. */
export type Principal = {
  userId: number;
  tokenHash: string;
  uuid: string;
  email: string;
  contactUuid: string;
  type: UserType;
  permissions: ReadonlySet<string>;
  isSuperUser: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Routes added by plugins we do not write ourselves; they are declared here, in one reviewed place. */
const PLUGIN_ROUTE_ACCESS: { prefix: string; access: RouteAccess }[] = [
  { prefix: '/api/docs', access: access.public() },
];

export type AccessControlOptions = {
  resolvePrincipal: (token: string) => Promise<Principal | null>;
  maintenance: boolean;
  maintenanceBypassEmails: readonly string[];
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) {
    return null;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function describeAccess(a: RouteAccess): string {
  if (a.kind === 'public') {
    return a.duringMaintenance ? 'public (also during maintenance)' : 'public';
  }
  const parts = [`types=${a.types.join('|')}`];
  if (a.permission) {
    parts.push(`permission=${a.permission}`);
  }
  if (a.superUser) {
    parts.push('super_user');
  }
  return parts.join(' ');
}

export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions): Map<string, string> {
  const accessMap = new Map<string, string>();
  const maintenanceError = () => new AppError(503, MESSAGES.maintenance, { code: 'maintenance' });
  const bypassesMaintenance = (email: string) => options.maintenanceBypassEmails.includes(email.toLowerCase());

  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    let declared = route.config?.access;
    if (!declared) {
      declared = PLUGIN_ROUTE_ACCESS.find((p) => route.url.startsWith(p.prefix))?.access;
      if (declared) {
        route.config = { ...route.config, access: declared };
      }
    }
    if (!declared) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        accessMap.set(`${method} ${route.url}`, describeAccess(declared));
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config.access;
    if (!declared) {
      return; // no route matched: the not-found handler answers
    }
    if (declared.kind === 'public') {
      if (options.maintenance && !declared.duringMaintenance) {
        throw maintenanceError();
      }
      return;
    }
    const token = bearerToken(request);
    const principal = token ? await options.resolvePrincipal(token) : null;
    if (!principal) {
      throw unauthorized();
    }
    request.principal = principal;
    if (options.maintenance && !bypassesMaintenance(principal.email)) {
      throw maintenanceError();
    }
    if (!declared.types.includes(principal.type)) {
      throw forbidden();
    }
    if (declared.permission && !principal.permissions.has(declared.permission)) {
      throw forbidden();
    }
    if (declared.superUser && !principal.isSuperUser) {
      throw forbidden();
    }
  });

  return accessMap;
}

/** For handlers behind a signed-in access declaration: the principal is always there. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthorized();
  }
  return request.principal;
}
