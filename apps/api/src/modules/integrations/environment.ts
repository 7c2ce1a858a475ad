import {
  ENVIRONMENT_INTEGRATION_LABELS,
  ENVIRONMENT_INTEGRATIONS,
  type EnvironmentIntegration,
  type EnvironmentIntegrationState,
  TESTABLE_INTEGRATIONS,
  type TestableIntegration,
} from '@portal/domain';
import nodemailer from 'nodemailer';
import { createClient } from 'redis';
import type { AppConfig } from '../../config';

/** A URL's host (and port) only: user, password, path and query of a configured URL may hold secrets. */
function hostOf(url: string | null | undefined): string | null {
  if (!url) {
    return null;
  }
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** Whether each service is configured, with one non-secret detail. Read from configuration only, never a key. */
export function environmentStates(config: AppConfig): EnvironmentIntegrationState[] {
  const s3 = config.storage.s3;
  const details: Record<EnvironmentIntegration, { configured: boolean; detail: string | null }> = {
    smtp: { configured: Boolean(config.smtpUrl), detail: hostOf(config.smtpUrl) },
    sms: { configured: config.sms !== null, detail: config.sms ? hostOf(config.sms.apiUrl) : null },
    ai: {
      configured: config.ai !== null,
      detail: config.ai ? `${config.ai.model} at ${hostOf(config.ai.baseUrl) ?? 'the provider'}` : null,
    },
    s3: {
      configured: s3 !== null,
      detail: s3 ? `${s3.bucket}${s3.endpoint ? ` at ${hostOf(s3.endpoint)}` : ` in ${s3.region}`}` : null,
    },
    redis: { configured: Boolean(config.redisUrl), detail: hostOf(config.redisUrl) },
  };
  return ENVIRONMENT_INTEGRATIONS.map((kind) => ({
    kind,
    label: ENVIRONMENT_INTEGRATION_LABELS[kind],
    ...details[kind],
    testable: details[kind].configured && (TESTABLE_INTEGRATIONS as readonly string[]).includes(kind),
  }));
}

const TEST_TIMEOUT_MS = 8000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('no answer within 8 seconds')), TEST_TIMEOUT_MS)),
  ]);
}

/** Why a check failed, as the screen shows it: the library's message, cut short, with no URL (it may hold a password). */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[address]').slice(0, 200);
}

/**
 * A real check of a configured service: SMTP connects and authenticates (nodemailer's verify), S3 heads the
 * bucket with the configured keys, Redis answers a PING. Nothing is sent or stored.
 */
export async function testIntegration(
  config: AppConfig,
  kind: TestableIntegration,
): Promise<{ ok: boolean; message: string }> {
  try {
    if (kind === 'smtp') {
      if (!config.smtpUrl) {
        return { ok: false, message: 'SMTP is not configured.' };
      }
      const transport = nodemailer.createTransport(config.smtpUrl);
      try {
        await withTimeout(transport.verify());
      } finally {
        transport.close();
      }
      return { ok: true, message: `Connected to ${hostOf(config.smtpUrl)}.` };
    }
    if (kind === 's3') {
      const s3 = config.storage.s3;
      if (!s3) {
        return { ok: false, message: 'S3 is not configured.' };
      }
      // The AWS SDK loads with this check (or the S3 driver), not with every start.
      const { HeadBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        region: s3.region,
        endpoint: s3.endpoint ?? undefined,
        forcePathStyle: s3.forcePathStyle,
        credentials:
          s3.accessKeyId && s3.secretAccessKey
            ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
            : undefined,
      });
      try {
        await withTimeout(client.send(new HeadBucketCommand({ Bucket: s3.bucket })));
      } finally {
        client.destroy();
      }
      return { ok: true, message: `Bucket ${s3.bucket} is reachable.` };
    }
    if (!config.redisUrl) {
      return { ok: false, message: 'Redis is not configured.' };
    }
    const client = createClient({ url: config.redisUrl, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    try {
      await withTimeout(client.connect());
      const answer = await withTimeout(client.ping());
      return {
        ok: answer === 'PONG',
        message: answer === 'PONG' ? 'Redis answered PING.' : 'Redis did not answer PONG.',
      };
    } finally {
      await client.quit().catch(() => undefined);
    }
  } catch (error) {
    return { ok: false, message: `Check failed: ${reason(error)}` };
  }
}
