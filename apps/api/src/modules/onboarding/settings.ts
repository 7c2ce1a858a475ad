import {
  MESSAGES,
  type OnboardingInformation,
  type OnboardingInformationUpdateInput,
  type WelcomeKit,
  type welcomeKitUpdateSchema,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { forms, onboardingSettings } from '../../db/schema';
import { validationError } from '../../http/errors';
import { attachUploads, loadUploads } from '../uploads/attach-uploads';
import { loadSettings } from './process';

/** The welcome kit's files are held by the one settings row. */
export const WELCOME_HOLDER = { type: 'onboarding_welcome', id: 1 } as const;

export async function getWelcomeKit(db: DbExecutor): Promise<WelcomeKit> {
  const [settings, files] = await Promise.all([loadSettings(db), loadUploads(db, WELCOME_HOLDER)]);
  return {
    body_delta: settings?.welcomeBodyDelta ?? null,
    files,
    schedule_call_link: settings?.scheduleCallLink ?? null,
    leadsie_manage_link: settings?.leadsieManageLink ?? null,
    leadsie_social_link: settings?.leadsieSocialLink ?? null,
    updated_at: settings?.welcomeUpdatedAt?.toISOString() ?? null,
  };
}

/** PUT onboarding/welcome: the whole kit; the files are the staff member's own uploads (the list replaces the kit's). */
export async function updateWelcomeKit(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'storage'>>,
  input: z.output<typeof welcomeKitUpdateSchema>,
  actorId: number,
): Promise<WelcomeKit> {
  await ctx.db.transaction(async (tx) => {
    await loadSettings(tx);
    await tx
      .update(onboardingSettings)
      .set({
        ...(input.body_delta !== undefined ? { welcomeBodyDelta: input.body_delta ?? null } : {}),
        ...(input.schedule_call_link !== undefined ? { scheduleCallLink: input.schedule_call_link ?? null } : {}),
        ...(input.leadsie_manage_link !== undefined ? { leadsieManageLink: input.leadsie_manage_link ?? null } : {}),
        ...(input.leadsie_social_link !== undefined ? { leadsieSocialLink: input.leadsie_social_link ?? null } : {}),
        welcomeUpdatedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(onboardingSettings.id, 1));
    if (input.upload_uuids !== undefined) {
      if (!ctx.storage) {
        throw new Error('files need the file storage');
      }
      await attachUploads(tx, {
        storage: ctx.storage,
        uploadUuids: input.upload_uuids,
        holder: WELCOME_HOLDER,
        actor: { userId: actorId },
        field: 'upload_uuids',
        mode: 'replace',
      });
    }
  });
  return getWelcomeKit(ctx.db);
}

export async function getInformation(db: DbExecutor): Promise<OnboardingInformation> {
  const settings = await loadSettings(db);
  if (!settings?.informationFormId) {
    return { form: null };
  }
  const [form] = await db
    .select({ uuid: forms.uuid, name: forms.name, status: forms.status })
    .from(forms)
    .where(eq(forms.id, settings.informationFormId));
  return { form: form ?? null };
}

/**
 * PUT onboarding/information {form_uuid}: which form clients answer as their information form. It must be a public,
 * published form, so the client's page can open it through a share link; null sets none.
 */
export async function updateInformation(db: DbExecutor, input: OnboardingInformationUpdateInput) {
  let formId: number | null = null;
  if (input.form_uuid) {
    const [form] = await db
      .select({ id: forms.id, status: forms.status, isPublic: forms.isPublic })
      .from(forms)
      .where(eq(forms.uuid, input.form_uuid));
    if (!form) {
      throw validationError({ form_uuid: [MESSAGES.unknownReference] });
    }
    if (form.status !== 'published' || !form.isPublic) {
      throw validationError({ form_uuid: [MESSAGES.onboardingInformationFormNotUsable] });
    }
    formId = form.id;
  }
  await loadSettings(db);
  await db
    .update(onboardingSettings)
    .set({ informationFormId: formId, updatedAt: new Date() })
    .where(eq(onboardingSettings.id, 1));
  return getInformation(db);
}
