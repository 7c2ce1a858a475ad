import { ArrowLeftOutlined } from '@ant-design/icons';
import { POST_LIMITS, POST_MESSAGES, type Post, type PostInput, slugify } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { CollaborativeEditor } from '../../components/RichTextEditor/collab/CollaborativeEditor';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageHeader } from '../common/PageHeader';
import { listProjectUsers } from '../plans/api';
import { deletePost, getPost, listCategories, POST_CATEGORIES_KEY, POSTS_KEY, postKey, updatePost } from './api';
import { CategoriesDialog } from './CategoriesDialog';
import { type CoverChoice, CoverPicker } from './CoverPicker';
import { PostStatusTag } from './PostStatusTag';
import { PublishControls } from './PublishControls';
import { RevisionsDrawer } from './RevisionsDrawer';
import { SeoPreview } from './SeoPreview';
import './posts.css';

type Draft = Required<Pick<PostInput, 'title' | 'slug' | 'category_uuids' | 'tags'>> & {
  excerpt: string;
  seo_title: string;
  seo_description: string;
  author_uuid: string | null;
  cover: CoverChoice;
};

const draftOf = (post: Post): Draft => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt ?? '',
  category_uuids: post.categories.map((c) => c.uuid),
  tags: post.tags,
  seo_title: post.seo_title ?? '',
  seo_description: post.seo_description ?? '',
  author_uuid: post.author?.uuid ?? null,
  cover: post.cover ? { uuid: post.cover.uuid, url: post.cover.thumbnail_url ?? post.cover.url } : null,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Someone else saved while this editor was open (a live event refetched the post): the fields this person has not
 * touched take the new values, the ones they changed keep their edit, so nothing typed is lost.
 */
function rebase(draft: Draft, base: Draft, next: Draft): Draft {
  const merged = { ...next };
  for (const key of Object.keys(next) as (keyof Draft)[]) {
    if (!same(draft[key], base[key])) {
      Object.assign(merged, { [key]: draft[key] });
    }
  }
  return merged;
}

/** Only what this person changed goes to the server (and into the activity log's list of changed fields). */
function changes(draft: Draft, base: Draft): Partial<PostInput> {
  const body: Partial<PostInput> = {};
  const changed = (key: keyof Draft) => !same(draft[key], base[key]);
  if (changed('title')) {
    body.title = draft.title;
  }
  if (changed('slug')) {
    body.slug = draft.slug;
  }
  if (changed('excerpt')) {
    body.excerpt = draft.excerpt || null;
  }
  if (changed('category_uuids')) {
    body.category_uuids = draft.category_uuids;
  }
  if (changed('tags')) {
    body.tags = draft.tags;
  }
  if (changed('seo_title')) {
    body.seo_title = draft.seo_title || null;
  }
  if (changed('seo_description')) {
    body.seo_description = draft.seo_description || null;
  }
  if (changed('author_uuid') && draft.author_uuid) {
    body.author_uuid = draft.author_uuid;
  }
  if (changed('cover')) {
    body.cover_upload_uuid = draft.cover?.uuid ?? null;
  }
  return body;
}

/** /cms/{uuid}: one post — its fields, the shared body editor, categories, SEO with a preview, publish and revisions. */
export function PostEditorPage() {
  const { uuid = '' } = useParams();
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('POSTS_READ');
  const editable = ability.can('POSTS_UPDATE');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const post = useQuery({ queryKey: postKey(uuid), queryFn: ({ signal }) => getPost(uuid, signal), enabled: allowed });
  const categories = useQuery({
    queryKey: POST_CATEGORIES_KEY,
    queryFn: ({ signal }) => listCategories(signal),
    enabled: allowed,
  });
  const people = useQuery({
    queryKey: ['project-users', 'posts'],
    queryFn: ({ signal }) => listProjectUsers(undefined, signal),
    enabled: allowed && editable,
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [base, setBase] = useState<Draft | null>(null);
  // The slug follows the title until someone edits it (or the post was published: its address is then public).
  const [slugEdited, setSlugEdited] = useState(true);
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const loaded = post.data;
  // Only a new answer from the server rebases the draft; `base` is read as the previous answer left it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: base must not re-run the rebase when it changes
  useEffect(() => {
    if (loaded) {
      const next = draftOf(loaded);
      setDraft((current) => (current && base ? rebase(current, base, next) : next));
      setBase(next);
      // A made slug may carry the number that kept it unique ('untitled-post-2'): still the title's.
      const made = loaded.slug.replace(/-\d+$/, '') === slugify(loaded.title) || loaded.slug === slugify(loaded.title);
      setSlugEdited(loaded.status !== 'draft' || !made);
    }
  }, [loaded]);

  if (!allowed) {
    return <ForbiddenPage />;
  }
  if (post.error instanceof ApiError && post.error.status === 404) {
    return <Result status="404" title="This post does not exist." extra={<Link to="/cms">Back to posts</Link>} />;
  }
  if (!loaded || !draft || !base) {
    return <Skeleton active />;
  }
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  // The current author stays choosable even if they left the staff list (deactivated since).
  const authorOptions = (people.data?.data ?? []).map((p) => ({ value: p.uuid, label: p.name }));
  if (loaded.author && !authorOptions.some((o) => o.value === loaded.author?.uuid)) {
    authorOptions.unshift({ value: loaded.author.uuid, label: loaded.author.name });
  }
  const stored = (next: Post) => {
    queryClient.setQueryData(postKey(uuid), next);
    void queryClient.invalidateQueries({ queryKey: POSTS_KEY });
  };
  const save = async () => {
    setSaving(true);
    try {
      const saved = await updatePost(uuid, changes(draft, base));
      // What was saved is the new base: the draft equals it, so the refetch replaces every field.
      setDraft(draftOf(saved));
      setBase(draftOf(saved));
      stored(saved);
      reportSuccess('Post saved.');
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    try {
      await deletePost(uuid);
      reportSuccess(POST_MESSAGES.postDeleted);
      void queryClient.invalidateQueries({ queryKey: POSTS_KEY });
      void navigate('/cms');
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <div className="post-editor" data-testid="post-editor">
      <PageHeader
        title={
          <Space wrap>
            <Link to="/cms" aria-label="Back to posts">
              <ArrowLeftOutlined />
            </Link>
            <span>{loaded.title}</span>
            <PostStatusTag status={loaded.status} />
          </Space>
        }
        actions={
          <Space wrap>
            {loaded.status === 'published' ? (
              <a
                href={`/api/public/posts/${loaded.slug}`}
                target="_blank"
                rel="noreferrer"
                data-testid="post-view-public"
              >
                View public
              </a>
            ) : null}
            <Button onClick={() => setRevisionsOpen(true)} data-testid="post-revisions">
              Revisions
            </Button>
            {ability.can('POSTS_DESTROY') ? (
              <ConfirmButton question="Delete this post?" testId="post-delete" danger onConfirm={() => void remove()}>
                Delete
              </ConfirmButton>
            ) : null}
          </Space>
        }
      />
      <div className="post-editor-grid">
        <Form layout="vertical" className="post-editor-main" disabled={!editable}>
          <Form.Item label="Title" required>
            <Input
              aria-label="Title"
              value={draft.title}
              maxLength={POST_LIMITS.title}
              onChange={(event) => {
                const title = event.target.value;
                set(slugEdited ? { title } : { title, slug: slugify(title) });
              }}
              data-testid="post-title"
            />
          </Form.Item>
          <Form.Item label="Slug" extra={loaded.public_url ? `Public address: ${loaded.public_url}` : undefined}>
            <Input
              aria-label="Slug"
              value={draft.slug}
              maxLength={POST_LIMITS.slug}
              onChange={(event) => {
                setSlugEdited(true);
                set({ slug: event.target.value });
              }}
              data-testid="post-slug"
            />
          </Form.Item>
          <Form.Item label="Excerpt">
            <Input.TextArea
              aria-label="Excerpt"
              value={draft.excerpt}
              maxLength={POST_LIMITS.excerpt}
              autoSize={{ minRows: 2, maxRows: 5 }}
              onChange={(event) => set({ excerpt: event.target.value })}
              data-testid="post-excerpt"
            />
          </Form.Item>
          <Form.Item label="Body">
            <CollaborativeEditor
              documentName={loaded.body_document}
              readOnly={!editable}
              placeholder="Write the post"
              testId="post-body"
              statusTestId="post-body-status"
            />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="post-save">
            Save
          </Button>
        </Form>
        <Form layout="vertical" className="post-editor-side" disabled={!editable}>
          <PublishControls post={loaded} onStored={stored} />
          <CoverPicker value={draft.cover} disabled={!editable} onChange={(cover) => set({ cover })} />
          <Form.Item label="Author" htmlFor="post-author">
            {editable ? (
              <Select
                id="post-author"
                showSearch
                optionFilterProp="label"
                value={draft.author_uuid ?? undefined}
                onChange={(value: string) => set({ author_uuid: value })}
                options={authorOptions}
                data-testid="post-author"
              />
            ) : (
              <Typography.Text>{loaded.author?.name ?? '—'}</Typography.Text>
            )}
          </Form.Item>
          <Form.Item label="Categories">
            <Space.Compact className="post-full-width">
              <Select
                mode="multiple"
                aria-label="Categories"
                value={draft.category_uuids}
                options={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
                onChange={(value: string[]) => set({ category_uuids: value })}
                data-testid="post-categories"
              />
              <Button onClick={() => setManaging(true)} data-testid="post-categories-manage">
                Manage
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label="Tags">
            <Select
              mode="tags"
              aria-label="Tags"
              value={draft.tags}
              maxCount={POST_LIMITS.tags}
              onChange={(value: string[]) => set({ tags: value.map((t) => t.slice(0, POST_LIMITS.tag)) })}
              data-testid="post-tags"
            />
          </Form.Item>
          <Typography.Title level={5}>Search engines</Typography.Title>
          <Form.Item label="SEO title">
            <Input
              aria-label="SEO title"
              value={draft.seo_title}
              maxLength={POST_LIMITS.seoTitle}
              showCount
              placeholder={draft.title}
              onChange={(event) => set({ seo_title: event.target.value })}
              data-testid="post-seo-title"
            />
          </Form.Item>
          <Form.Item label="SEO description">
            <Input.TextArea
              aria-label="SEO description"
              value={draft.seo_description}
              maxLength={POST_LIMITS.seoDescription}
              showCount
              placeholder={draft.excerpt}
              onChange={(event) => set({ seo_description: event.target.value })}
              data-testid="post-seo-description"
            />
          </Form.Item>
          <SeoPreview
            title={draft.seo_title || draft.title}
            url={loaded.public_url ?? `…/blog/${draft.slug}`}
            description={draft.seo_description || draft.excerpt}
          />
        </Form>
      </div>
      {managing ? <CategoriesDialog onClose={() => setManaging(false)} /> : null}
      {revisionsOpen ? (
        <RevisionsDrawer uuid={uuid} editable={editable} onRestored={stored} onClose={() => setRevisionsOpen(false)} />
      ) : null}
    </div>
  );
}
