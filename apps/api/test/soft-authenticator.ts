import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests: it makes P-256 credentials and signs WebAuthn assertions the way
 * a platform authenticator does (attestation "none", ES256, DER signatures), written from the WebAuthn spec rather
 * than from the server code it tests. The browser's own ceremony is covered by the e2e spec with Chromium's
 * virtual authenticator.
 */
type Credential = { id: Buffer; privateKey: KeyObject; counter: number; userHandle: string };

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64u = (data: Buffer | Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
    /** Counters that never grow, as synced passkeys report (0 every time). */
    private readonly countSignatures = true,
  ) {}

  /** navigator.credentials.create() answered: RegistrationResponseJSON. */
  register(options: { challenge: string; user: { id: string } }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]);
    const id = randomBytes(16);
    const credentialLength = Buffer.alloc(2);
    credentialLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(0),
      Buffer.alloc(16), // aaguid
      credentialLength,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientData = {
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    };
    this.credentials.push({ id, privateKey, counter: 0, userHandle: options.user.id });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() answered with a credential of this authenticator: AuthenticationResponseJSON. */
  assert(
    options: { challenge: string },
    pick: { credential?: Credential; origin?: string; userVerified?: boolean; counter?: number } = {},
  ) {
    const credential = pick.credential ?? this.credentials[0];
    if (!credential) {
      throw new Error('no credential registered');
    }
    if (this.countSignatures) {
      credential.counter += 1;
    }
    const counter = pick.counter ?? credential.counter;
    const flags = FLAG_UP | (pick.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), uint32(counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: pick.origin ?? this.origin }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
