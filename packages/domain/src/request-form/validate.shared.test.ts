import { describe, expect, it } from 'vitest';
import { formQuestionsSchema, publicAnswerSchema } from '../contracts/forms';
import { requestCreateSchema } from '../contracts/requests';
import { MESSAGES } from '../messages';
import type { Answers, QuestionForm } from './question';
import { requestFormSchema } from './question';
import { answerCompletion, validateAnswers, validateFormAnswer } from './validate';

const FILE_A = '0b7e6f8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const FILE_B = '1c8f7a9b-2d3e-4f5a-9b0c-1d2e3f4a5b6c';
const TODAY = '2026-06-15';

/** One questionnaire that touches every answerable type, masks, options, a follow-up, wizard steps and uploads. */
const questions: QuestionForm = [
  { name: 'company', label: 'Company', type: 'input', required: true, step: { index: 0, title: 'About you' } },
  { name: 'email', label: 'E-mail', type: 'input', inputType: 'email', step: { index: 0, title: 'About you' } },
  { name: 'budget', label: 'Budget', type: 'input', mask: 'currency', optionalLabel: true },
  { name: 'pages', label: 'Pages', type: 'input', mode: 'range', optionalLabel: true },
  {
    name: 'channels',
    label: 'Channels',
    type: 'checkbox',
    max: 2,
    options: [
      { label: 'Email', value: 'email' },
      { label: 'SMS', value: 'sms' },
      { label: 'Push', value: 'push' },
      { label: 'Not sure', value: 'not_sure', unique: true },
    ],
  },
  {
    name: 'has_site',
    label: 'Do you have a website?',
    type: 'radio',
    options: [
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ],
  },
  {
    name: 'site_url',
    label: 'Address',
    type: 'input',
    required: true,
    visible: { field: 'has_site', values: ['yes'] },
  },
  { name: 'launch', label: 'Launch', type: 'date', optionalLabel: true },
  { name: 'brief', label: 'Brief', type: 'textEditor', submitRequired: true },
  { name: 'logo', label: 'Logo', type: 'upload', optionalLabel: true },
  { name: 'notes', label: 'Notes', type: 'textArea', optionalLabel: true },
];

const complete: Answers = { company: 'Acme', brief: 'A new site', channels: ['email'] };

/** [behaviour, answers, expected messages by question]. */
const CASES: [string, Answers, Record<string, string>][] = [
  ['accepts a complete answer', complete, {}],
  ['requires a required question', { ...complete, company: ' ' }, { company: MESSAGES.required }],
  [
    'requires a submit-required question on the final answer',
    { company: 'Acme' },
    { brief: MESSAGES.requiredOnSubmit },
  ],
  ['checks an e-mail input', { ...complete, email: 'not-an-email' }, { email: MESSAGES.invalidEmail }],
  ['refuses a negative currency amount', { ...complete, budget: '-5' }, { budget: MESSAGES.negativeNumber }],
  ['refuses a reversed range', { ...complete, pages: { min: 9, max: 3 } }, { pages: MESSAGES.rangeReversed }],
  [
    'refuses an option the question does not offer',
    { ...complete, channels: ['fax'] },
    { channels: MESSAGES.invalidOption },
  ],
  [
    'caps the number of choices',
    { ...complete, channels: ['email', 'sms', 'push'] },
    { channels: MESSAGES.tooManyOptions(2) },
  ],
  [
    'keeps a unique option alone',
    { ...complete, channels: ['email', 'not_sure'] },
    { channels: MESSAGES.invalidOption },
  ],
  ['requires a follow-up once it is shown', { ...complete, has_site: 'yes' }, { site_url: MESSAGES.required }],
  ['ignores a hidden follow-up', { ...complete, has_site: 'no' }, {}],
  ['refuses a past date', { ...complete, launch: '2026-06-14' }, { launch: MESSAGES.pastDate }],
  ['accepts upload uuids', { ...complete, logo: [FILE_A, FILE_B] }, {}],
  [
    'refuses an upload value that is not an upload uuid',
    { ...complete, logo: ['../etc/passwd'] },
    { logo: MESSAGES.invalidAnswer },
  ],
  ['refuses the same upload twice', { ...complete, logo: [FILE_A, FILE_A] }, { logo: MESSAGES.invalidAnswer }],
  ['refuses text where a list is expected', { ...complete, logo: 'logo.png' }, { logo: MESSAGES.invalidAnswer }],
  [
    'refuses answers to questions the form does not ask',
    { ...complete, salary: '1' },
    { salary: MESSAGES.unknownQuestion },
  ],
];

describe('one engine for request questionnaires and form answers', () => {
  it('both contracts accept the same questionnaire', () => {
    expect(requestFormSchema.safeParse(questions).success).toBe(true);
    expect(formQuestionsSchema.safeParse(questions).success).toBe(true);
  });

  it.each(CASES)('%s, the same way for a submitted request and a form answer', (_behaviour, answers, expected) => {
    // The request path: answers travel in the create body and are checked on submit (status new).
    const requestBody = requestCreateSchema.safeParse({
      subject: 'Brief',
      project_id: FILE_A,
      request_type_id: 1,
      status: 'new',
      answers,
    });
    expect(requestBody.success).toBe(true);
    const asRequest = validateAnswers(questions, answers, { submitting: true, today: TODAY });

    // The form path: answers travel in the public answer body and are always final.
    const formBody = publicAnswerSchema.safeParse({ values: answers });
    expect(formBody.success).toBe(true);
    const asForm = validateFormAnswer(questions, answers, TODAY);

    expect(asRequest).toEqual(expected);
    expect(asForm).toEqual(asRequest);
  });
});

describe('answerCompletion', () => {
  it('counts only the questions that are shown', () => {
    // 10 shown (site_url hidden): company, brief, channels answered.
    expect(answerCompletion(questions, complete)).toBe(30);
    // Showing the follow-up adds it to what is asked, answered or not.
    expect(answerCompletion(questions, { ...complete, has_site: 'yes' })).toBe(36);
  });

  it('calls a form without answerable questions complete', () => {
    expect(answerCompletion([{ name: 'intro', label: 'Welcome', type: 'header' }], {})).toBe(100);
  });
});
