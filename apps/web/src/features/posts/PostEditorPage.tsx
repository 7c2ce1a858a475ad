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
import { deletePost, getPost, listCategories, POST_CATEGORIES_KEY, POSTS_KEY, postKey, updatePost } from './api';
import { CategoriesDialog } from './CategoriesDialog';
import { PostStatusTag } from './PostStatusTag';
import { PublishControls } from './PublishControls';
import { RevisionsDrawer } from './RevisionsDrawer';
import { SeoPreview } from './SeoPreview';
import './posts.css';

type Draft = Required<Pick<PostInput, 'title' | 'slug' | 'category_uuids' | 'tags'>> & {
  excerpt: string;
  seo_title: string;
  seo_description: string;
};

const draftOf = (post: Post): Draft => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt ?? '',
  category_uuids: post.categories.map((c) => c.uuid),
  tags: post.tags,
  seo_title: post.seo_title ?? '',
  seo_description: post.seo_description ?? '',
});

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
  const [draft, setDraft] = useState<Draft | null>(null);
  // The slug follows the title until someone edits it (or the post was published: its address is then public).
  const [slugEdited, setSlugEdited] = useState(true);
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const loaded = post.data;
  useEffect(() => {
    if (loaded) {
      setDraft(draftOf(loaded));
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
  if (!loaded || !draft) {
    return <Skeleton active />;
  }
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const stored = (next: Post) => {
    queryClient.setQueryData(postKey(uuid), next);
    void queryClient.invalidateQueries({ queryKey: POSTS_KEY });
  };
  const save = async () => {
    setSaving(true);
    try {
      stored(
        await updatePost(uuid, {
          ...draft,
          excerpt: draft.excerpt || null,
          seo_title: draft.seo_title || null,
          seo_description: draft.seo_description || null,
        }),
      );
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
