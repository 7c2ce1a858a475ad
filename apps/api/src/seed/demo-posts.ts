import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createCategory, createPost, publishPost } from '../modules/posts';

const DAY = 86_400_000;
const paragraph = (...lines: string[]) => ({ ops: lines.map((line) => ({ insert: `${line}\n` })) });

/** What the agency's blog says: a few published posts over the last weeks, one scheduled, one draft. */
const POSTS: {
  title: string;
  excerpt: string;
  body: string[];
  categories: string[];
  tags: string[];
  /** Days ago it was published (negative: scheduled that many days ahead); absent: a draft. */
  daysAgo?: number;
}[] = [
  {
    title: 'How we rebuilt Brighton Bakery’s brand in six weeks',
    excerpt: 'From a tired logo to a bakery people queue for: the research, the sketches and the launch.',
    body: [
      'Brighton Bakery came to us with a logo drawn in 1998 and a feeling that new customers walked past.',
      'We spent the first week behind the counter, listening to regulars, before drawing anything.',
      'The new mark keeps the wheat sheaf but loses the outline, and the colours come from their sourdough crust.',
    ],
    categories: ['Case Studies', 'Branding'],
    tags: ['branding', 'retail'],
    daysAgo: 21,
  },
  {
    title: 'Five things to check before you launch a paid social campaign',
    excerpt: 'Pixels, audiences, creative fatigue and the two numbers we watch on day one.',
    body: [
      'Most campaigns that disappoint were set up to: the tracking pixel fired on the wrong page.',
      'Before a dollar is spent we check the pixel, the audience overlap, the landing page speed and the budget pacing.',
    ],
    categories: ['Advertising'],
    tags: ['paid social', 'checklist'],
    daysAgo: 12,
  },
  {
    title: 'Photography on a budget: shooting a menu in one afternoon',
    excerpt: 'Natural light, one lens and a shot list agreed the day before.',
    body: [
      'A restaurant menu does not need a studio. It needs a window, a white board and a shot list.',
      'We shot twenty-four dishes for Café Zoë in four hours and the photos still carry their summer campaign.',
    ],
    categories: ['Case Studies'],
    tags: ['photography'],
    daysAgo: 5,
  },
  {
    title: 'What our clients asked us most this quarter',
    excerpt: 'Reels or carousels, how often to post, and whether anyone reads newsletters any more.',
    body: ['Short answer: carousels for saves, reels for reach, and yes — newsletters still convert best.'],
    categories: ['Advertising', 'Branding'],
    tags: ['faq'],
    daysAgo: 1,
  },
  {
    title: 'Announcing our spring workshop series',
    excerpt: 'Four evenings on branding, content and ads for small business owners.',
    body: ['Join us for four evenings of practical sessions. Seats are limited to twelve people per evening.'],
    categories: ['Branding'],
    tags: ['events'],
    daysAgo: -3,
  },
  {
    title: 'Draft: our take on AI-written captions',
    excerpt: 'Where it helps, where it hurts, and how we use it.',
    body: ['Notes so far: fine for first drafts, never for a client’s voice without a human pass.'],
    categories: [],
    tags: ['ai'],
  },
];

/**
 * The demo blog (issue 22): three categories and six posts made through the posts module's own commands (so each
 * has its slug, revisions and search text), published over the last three weeks, one scheduled, one draft.
 */
export async function seedDemoPosts(db: Database): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  const categories = new Map<string, string>();
  for (const name of ['Case Studies', 'Advertising', 'Branding']) {
    categories.set(name, (await createCategory(db, name)).uuid);
  }
  for (const post of POSTS) {
    const uuid = await db.transaction((tx) =>
      createPost(tx, admin.id, {
        title: post.title,
        excerpt: post.excerpt,
        body_delta: paragraph(...post.body),
        category_uuids: post.categories.map((name) => categories.get(name) ?? ''),
        tags: post.tags,
      }),
    );
    if (post.daysAgo === undefined) {
      continue;
    }
    if (post.daysAgo < 0) {
      await publishPost(db, admin.id, uuid, { published_at: new Date(Date.now() - post.daysAgo * DAY).toISOString() });
    } else {
      await publishPost(db, admin.id, uuid, {});
      // Published in the past: the command publishes now, so the seed dates it back as if written then.
      await db.execute(
        sql`update posts set published_at = now() - make_interval(days => ${post.daysAgo}) where uuid = ${uuid}`,
      );
    }
  }
}
