/** Where a sign-in, registration or verification came from; recorded on sessions and tokens. */
export type RequestMeta = { ip: string; userAgent?: string };
