import { errorBodySchema } from '@portal/domain';

/** Error answers every route may give; listed in each route's schema so the OpenAPI document shows them. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;
