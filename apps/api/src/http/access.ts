import { APP_USER_TYPES, MESSAGES, type Permission, USER_TYPES, type UserType } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors';

/**
 * Every route says who may call it, in its own `config.access`. A route that says nothing stops the server from
 * starting (see registerAccessControl), so an endpoint can never be open by omission.
 */
export type RouteAccess =
  | { kind: 'public'; duringMaintenance?: boolean }
  | {
      kind: 'signed_in';
      types: readonly UserType[];
      permission?: Permission;
      superUser?: boolean;
      /** Refused to personal API tokens: managing tokens, roles and sign-in settings needs a signed-in person. */
      sessionOnly?: boolean;
      /** Body fields a personal API token may not send here (a role grant or a sign-in e-mail inside a wider edit). */
      sessionOnlyFields?: readonly string[];
      /** Still answers a person who must enrol a second factor first (enrolment itself, GET user, logout). */
      duringEnrolment?: boolean;
    };

export const access = {
  public: (options: { duringMaintenance?: boolean } = {}): RouteAccess => ({ kind: 'public', ...options }),
  /** Any signed-in account, client contacts included: only the own-user calls (user, logout) use this. */
  anyUser: (options: { duringEnrolment?: boolean } = {}): RouteAccess => ({
    kind: 'signed_in',
    types: USER_TYPES,
    ...options,
  }),
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
  /** The same access, refused to personal API tokens (issue 23: they never manage tokens, roles or sign-in). */
  sessionOnly: (a: RouteAccess): RouteAccess => (a.kind === 'signed_in' ? { ...a, sessionOnly: true } : a),
  /** The same access, but a personal API token may not send these body fields. */
  sessionOnlyFields: (a: RouteAccess, fields: readonly string[]): RouteAccess =>
    a.kind === 'signed_in' ? { ...a, sessionOnlyFields: fields } : a,
};

/** Methods a read-only API token may call. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

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
  /** A role of theirs requires a second factor and they have none: only enrolment answers (modules/mfa). */
  mfaEnrolmentRequired?: boolean;
  /** Set when the caller is a personal API token (modules/api-tokens) rather than a signed-in session. */
  apiToken?: { id: number; scope: 'read' | 'write' };
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
  /** Counts a call of a personal API token against its rate limit; throws 429 with Retry-After past it. */
  limitApiToken?: (principal: Principal) => Promise<void>;
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
  if (a.duringEnrolment) {
    parts.push('during_mfa_enrolment');
  }
  if (a.sessionOnly) {
    parts.push('session_only');
  }
  if (a.sessionOnlyFields?.length) {
    parts.push(`session_only_fields=${a.sessionOnlyFields.join('|')}`);
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
    if (declared.kind === 'signed_in' && declared.sessionOnlyFields?.length) {
      // Only the few routes that name such fields pay for the check: an app-wide preValidation hook cost every
      // request a promise to find nothing to check.
      const own = route.preValidation;
      route.preValidation = [...(own ? (Array.isArray(own) ? own : [own]) : []), refuseSessionOnlyFields(declared)];
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
    if (principal.apiToken) {
      // Every call counts, refused ones too, so a script cannot probe without limit.
      await options.limitApiToken?.(principal);
    }
    if (options.maintenance && !bypassesMaintenance(principal.email)) {
      throw maintenanceError();
    }
    if (principal.mfaEnrolmentRequired && !declared.duringEnrolment) {
      throw new AppError(403, MESSAGES.secondFactorEnrolmentRequired, { code: 'mfa_enrolment_required' });
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
    if (principal.apiToken) {
      if (declared.sessionOnly) {
        throw forbidden(MESSAGES.apiTokenNotAllowed);
      }
      if (principal.apiToken.scope === 'read' && !SAFE_METHODS.has(request.method)) {
        throw forbidden(MESSAGES.apiTokenReadOnly);
      }
    }
  });

  return accessMap;
}

/** Body fields are known only once the body is parsed, after onRequest: a route-level preValidation hook. */
function refuseSessionOnlyFields(declared: { sessionOnlyFields?: readonly string[] }) {
  const fields = declared.sessionOnlyFields ?? [];
  return async (request: FastifyRequest) => {
    if (!request.principal?.apiToken) {
      return;
    }
    const body = request.body;
    if (body && typeof body === 'object' && fields.some((field) => field in body)) {
      throw forbidden(MESSAGES.apiTokenNotAllowed);
    }
  };
}

/** For handlers behind a signed-in access declaration: the principal is always there. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) {
    throw unauthorized();
  }
  return request.principal;
}
