import { z } from 'zod';
import { MESSAGES } from '../messages';

/** The writing assistant's actions (doc 1 §1 AI text-enhancement helper, §2 /assistant). */
export const AI_ACTIONS = ['improve', 'shorten', 'fix_grammar', 'change_tone'] as const;
export type AiAction = (typeof AI_ACTIONS)[number];
export const AI_TONES = ['professional', 'friendly', 'formal', 'casual', 'confident', 'empathetic'] as const;
export type AiTone = (typeof AI_TONES)[number];

export const AI_ACTION_LABELS: Record<AiAction, string> = {
  improve: 'Improve writing',
  shorten: 'Shorten',
  fix_grammar: 'Fix grammar',
  change_tone: 'Change tone',
};

/** Longest text sent in one call (characters): about ten pages, well inside any chat model's context. */
export const AI_MAX_INPUT_CHARS = 20_000;

const deltaSchema = z.object({
  ops: z.array(z.object({ insert: z.union([z.string(), z.record(z.string(), z.unknown())]).optional() }).loose()),
});

/**
 * POST ai/enhance: either `text`, or a Quill `delta` with an optional `selection` (Quill index and length; embeds
 * count one character, as in the editor). The answer streams as text/event-stream: `data: {"text": "…"}` chunks, then
 * `event: done` or `event: error` with `{"message"}`.
 */
export const aiEnhanceInputSchema = z
  .object({
    action: z.enum(AI_ACTIONS, MESSAGES.required),
    tone: z.enum(AI_TONES).optional(),
    text: z
      .string()
      .max(AI_MAX_INPUT_CHARS, `The text may not be longer than ${AI_MAX_INPUT_CHARS} characters`)
      .optional(),
    delta: deltaSchema.optional(),
    selection: z.object({ index: z.number().int().min(0), length: z.number().int().min(1) }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.text === undefined && input.delta === undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.required });
    }
    if (input.action === 'change_tone' && !input.tone) {
      ctx.addIssue({ code: 'custom', path: ['tone'], message: MESSAGES.required });
    }
  });
export type AiEnhanceInput = z.infer<typeof aiEnhanceInputSchema>;
