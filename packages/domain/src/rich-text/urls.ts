/** Which URLs stored rich text and the catalogue may point at. One place, so the server and the editor agree. */

/**
 * Our uploads are served at /api/uploads/<uuid>, optionally followed by more path (a variant, a file name) and a
 * query. Each further segment is plain: unreserved characters only, never `.` or `..` (no dot segments), never a
 * percent escape (no encoded slash, backslash or dot that a server or browser might decode into one).
 */
const UPLOAD_PATH =
  /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+)*$/i;

/** A query the browser sends as it is: no fragment, no spaces or backslashes, escapes well-formed. */
const QUERY = /^(?:\?(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*)?$/;

/**
 * Whether a path (with its query) is one of our uploads in canonical form. The browser resolves dot segments
 * (also spelled `%2e`) and reads `\` as `/` before it requests an image, so `/api/uploads/<uuid>/../../logout`
 * would fetch `/api/logout`: the path must already be what the URL parser makes of it, and match the strict form
 * (which admits no backslash, space, control character or percent escape in the path).
 */
function isCanonicalUploadPath(pathAndQuery: string): boolean {
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? '' : pathAndQuery.slice(queryAt);
  let normalised: string;
  try {
    normalised = new URL(path, 'http://upload.invalid').pathname;
  } catch {
    return false;
  }
  return normalised === path && UPLOAD_PATH.test(path) && QUERY.test(query);
}

/** Decides whether an absolute URL's origin (e.g. 'https://portal.example') is this product's own. */
export type OriginPredicate = (origin: string) => boolean;

export const noOtherOrigin: OriginPredicate = () => false;

/** An origin predicate that admits exactly the given origins (the server passes its APP_URL's). */
export function sameOriginAs(...urls: string[]): OriginPredicate {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // not a URL: admits nothing
    }
  }
  return (origin) => origins.has(origin);
}

function parseAbsolute(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** `/api/uploads/<uuid>…` relative to us, or the same path on an origin the predicate admits. */
export function isOwnUploadUrl(value: string, isOwnOrigin: OriginPredicate = noOtherOrigin): boolean {
  if (value.startsWith('/')) {
    // '//host/…' is protocol-relative: another host, not a path of ours.
    return !value.startsWith('//') && isCanonicalUploadPath(value);
  }
  const url = parseAbsolute(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    return false;
  }
  // The parser has already resolved dot segments in url.pathname: what is stored must be that canonical form.
  const rest = value.slice(url.origin.length);
  return value.startsWith(url.origin) && isOwnOrigin(url.origin) && isCanonicalUploadPath(rest);
}

/** Links in rich text: http(s) and mailto only (never javascript:, data:, vbscript:, file: …). */
export function isSafeLinkUrl(value: string): boolean {
  const url = parseAbsolute(value.trim());
  if (!url) {
    return false;
  }
  if (url.protocol === 'mailto:') {
    return url.pathname.length > 0;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
}

/** A catalogue image (request types and their options): any https URL, or one of our uploads. */
export function isSafeCatalogueImageUrl(value: string, isOwnOrigin: OriginPredicate = noOtherOrigin): boolean {
  if (isOwnUploadUrl(value, isOwnOrigin)) {
    return true;
  }
  const url = parseAbsolute(value);
  // On our own origin only our uploads (the check above): any other path of ours (/api/logout) is no image.
  return (
    !!url &&
    url.protocol === 'https:' &&
    url.hostname.length > 0 &&
    !url.username &&
    !url.password &&
    !isOwnOrigin(url.origin)
  );
}
