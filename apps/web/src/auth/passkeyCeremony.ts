import type { WebauthnResponse } from '@portal/domain';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { UserFacingError } from '../api/errors';

/** The ceremony was cancelled or refused by the person or the browser: said plainly, not as a server error. */
export class PasskeyCancelled extends UserFacingError {}

export const passkeysSupported = () => browserSupportsWebAuthn();

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
export function signWithPasskey(options: Record<string, unknown>): Promise<WebauthnResponse> {
  return ceremony(() =>
    startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  ) as unknown as Promise<WebauthnResponse>;
}

/** navigator.credentials.create() with the server's options. */
export function makePasskey(options: Record<string, unknown>): Promise<WebauthnResponse> {
  return ceremony(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  ) as unknown as Promise<WebauthnResponse>;
}
