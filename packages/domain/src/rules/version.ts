/** The drawer menu's version label: the first six characters of the build hash (doc 1 §2). */
export function versionLabel(buildHash: string): string {
  return buildHash.slice(0, 6);
}

/** The header every API call carries so the server can refuse a client built for another version. */
export const APP_VERSION_HEADER = 'x-app-version';
