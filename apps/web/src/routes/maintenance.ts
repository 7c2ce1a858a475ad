import { isAllowedDuringMaintenance } from './access';

export type MaintenanceInputs = {
  pathname: string;
  /** The API answered 503 to a call of this tab. */
  refused: boolean;
  /** The live configuration's flag (GET /api/config `maintenance`); undefined until it has loaded. */
  configured: boolean | undefined;
  /** A user is signed in: during maintenance GET /api/user answers only the bypass accounts. */
  signedIn: boolean;
};

/**
 * Whether the 'Under Maintenance' page replaces the screen (doc 1 §2). It shows at once from the configuration's
 * flag, not only after a refused call; the routes allowed during maintenance (sign-in, terms, privacy, reset) stay
 * usable so a bypass account can sign in. A signed-in user got past GET /api/user, which the server answers during
 * maintenance only for the bypass accounts (MAINTENANCE_BYPASS_EMAILS): they keep working. Anyone else's next call
 * answers 503 and raises `refused`.
 */
export function shouldShowMaintenance({ pathname, refused, configured, signedIn }: MaintenanceInputs): boolean {
  if (isAllowedDuringMaintenance(pathname)) {
    return false;
  }
  return refused || (configured === true && !signedIn);
}
