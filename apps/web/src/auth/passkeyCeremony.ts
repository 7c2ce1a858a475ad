import type { WebauthnResponse } from '@portal/domain';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { UserFacingError } from '../api/errors';

/** The ceremony was cancelled or refused by the person or the browser: said plainly, not as a server error. */
export class PasskeyCancelled extends UserFacingError {}

/**
 * The same test as @simplewebauthn's browserSupportsWebAuthn, written here so the sign-in page can decide whether to
 * show its passkey button without downloading the library: it loads with the first ceremony (issue 24, /login's JS).
 */
export const passkeysSupported = () =>
  globalThis.PublicKeyCredential !== undefined && typeof globalThis.PublicKeyCredential === 'function';

/** Loaded outside the ceremony's try: a failed download is a network error, not a closed passkey prompt. */
const webauthn = () => import('@simplewebauthn/browser');

/** WebAuthn's own errors (NotAllowedError when the person closes the prompt, a timeout…) become one message. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new PasskeyCancelled(
      name === 'InvalidStateError'
        ? 'This device already holds a passkey for your account.'
        : 'The passkey prompt was closed or timed out. Please try again.',
    );
  }
}

/** navigator.credentials.get() with the server's options; the answer the server verifies. */
export async function signWithPasskey(options: Record<string, unknown>): Promise<WebauthnResponse> {
  const { startAuthentication } = await webauthn();
  return ceremony(() =>
    startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  ) as unknown as Promise<WebauthnResponse>;
}

/** navigator.credentials.create() with the server's options. */
export async function makePasskey(options: Record<string, unknown>): Promise<WebauthnResponse> {
  const { startRegistration } = await webauthn();
  return ceremony(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  ) as unknown as Promise<WebauthnResponse>;
}
