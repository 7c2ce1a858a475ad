import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { pngBytes, startStorage, uploadClient } from '../uploads/test-helpers';
import { type CommentTestContext, commentCalls, setUpCommentTests } from './test-helpers';

let ctx: CommentTestContext;
let storage: Awaited<ReturnType<typeof startStorage>>;
const calls = commentCalls(() => ctx);

beforeAll(async () => {
  storage = await startStorage('local');
  ctx = await setUpCommentTests(storage.env);
});
afterAll(async () => {
  await ctx.close();
  await storage.stop();
});

const taskPath = () => `tasks/${ctx.task.uuid}`;

describe('files on comments', () => {
  it('attaches the author’s uploads, shows them to readers, and lets only the comment’s creator delete them', async () => {
    const files = uploadClient(ctx.app);
    const uuid = await files.upload(ctx.actors.admin.token, 'mockup.png', await pngBytes());
    const comment = await calls.create(taskPath(), { text: 'See the mockup', uploads: [uuid] });
    expect(comment.uploads.map((u: { uuid: string }) => u.uuid)).toEqual([uuid]);
    const asManager = await ctx.app.inject({
      url: `/api/uploads/${uuid}/info`,
      headers: calls.as(ctx.actors.manager.token),
    });
    expect(asManager.statusCode).toBe(200);
    const other = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${uuid}`,
      headers: calls.as(ctx.actors.manager.token),
    });
    expect(other.statusCode).toBe(403);
  });

  it('refuses someone else’s upload (422) and clears the files of a deleted comment', async () => {
    const files = uploadClient(ctx.app);
    const theirs = await files.upload(ctx.actors.manager.token, 'theirs.png', await pngBytes());
    const refused = await calls.post(`${taskPath()}/comments`, { text: 'Borrowed', uploads: [theirs] });
    expect(refused.statusCode).toBe(422);
    const mine = await files.upload(ctx.actors.admin.token, 'mine.png', await pngBytes());
    const comment = await calls.create(taskPath(), { text: 'With a file', uploads: [mine] });
    expect((await calls.remove(comment.uuid)).statusCode).toBe(200);
    expect((await calls.show(comment.uuid)).json().data.uploads).toEqual([]);
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.uuid, mine));
    expect(row?.holderType).toBeNull();
  });

  it('an edit with a shorter list releases the files left out', async () => {
    const files = uploadClient(ctx.app);
    const a = await files.upload(ctx.actors.admin.token, 'a.png', await pngBytes());
    const b = await files.upload(ctx.actors.admin.token, 'b.png', await pngBytes());
    const comment = await calls.create(taskPath(), { text: 'Two files', uploads: [a, b] });
    const edited = await calls.put(comment.uuid, { uploads: [a] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.uploads.map((u: { uuid: string }) => u.uuid)).toEqual([a]);
  });
});
