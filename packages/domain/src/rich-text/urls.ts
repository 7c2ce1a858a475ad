/** Which URLs stored rich text and the catalogue may point at. One place, so the server and the editor agree. */

/** Our uploads are served at /api/uploads/<uuid>, optionally followed by more path (a size, the file name). */
const UPLOAD_PATH =
  /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/[^?#\s]*)?(?:\?[^#\s]*)?$/i;

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
    return !value.startsWith('//') && UPLOAD_PATH.test(value);
  }
  const url = parseAbsolute(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    return false;
  }
  return isOwnOrigin(url.origin) && UPLOAD_PATH.test(`${url.pathname}${url.search}`);
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
  return !!url && url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
}
