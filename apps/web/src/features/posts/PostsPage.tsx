import { POST_STATUSES, type PostListItem, type PostStatus } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError } from '../../shell/feedback';
import { formatDateTime } from '../common/dateTime';
import { PageHeader } from '../common/PageHeader';
import { createPost, listCategories, listPosts, POST_CATEGORIES_KEY, POSTS_KEY } from './api';
import { CategoriesDialog } from './CategoriesDialog';
import { PostStatusTag, STATUS_LABELS } from './PostStatusTag';
import './posts.css';

/** /cms (POSTS_READ): the agency's blog posts in the table toolkit; a title opens the editor at /cms/{uuid}. */
export function PostsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('POSTS_READ');
  const navigate = useNavigate();
  const [managing, setManaging] = useState(false);
  const [creating, setCreating] = useState(false);
  const table = useTableState('posts', { filters: { status: [], category: [], author: [] } });
  const { status, category, author } = table.state.filters;
  const params = { ...table.listParams, filters: { status, category, author } };
  const posts = useListQuery(POSTS_KEY, table, (signal) => listPosts(params, signal), { enabled: allowed });
  const categories = useQuery({
    queryKey: POST_CATEGORIES_KEY,
    queryFn: ({ signal }) => listCategories(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const authors = new Map<string, string>();
  for (const row of posts.data?.data ?? []) {
    if (row.author) {
      authors.set(row.author.uuid, row.author.name);
    }
  }
  const newPost = async () => {
    setCreating(true);
    try {
      const post = await createPost({ title: 'Untitled post' });
      void navigate(`/cms/${post.uuid}`);
    } catch (error) {
      reportError(error);
    } finally {
      setCreating(false);
    }
  };
  return (
    <div className="list-page" data-testid="posts-page">
      <PageHeader
        title="Posts"
        actions={
          <Space wrap>
            <Button onClick={() => setManaging(true)} data-testid="post-categories-manage">
              Categories
            </Button>
            {ability.can('POSTS_CREATE') ? (
              <Button type="primary" loading={creating} onClick={() => void newPost()} data-testid="post-new">
                New post
              </Button>
            ) : null}
          </Space>
        }
      />
      <DataTable<PostListItem>
        table={table}
        query={posts}
        testId="posts"
        searchPlaceholder="Search titles"
        filters={
          <>
            <FilterSelect
              table={table}
              field="status"
              options={POST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              placeholder="Any status"
              testId="posts-status-filter"
            />
            <FilterSelect
              table={table}
              field="category"
              options={(categories.data ?? []).map((c) => ({ value: c.uuid, label: c.name }))}
              placeholder="All categories"
              testId="posts-category-filter"
            />
            <FilterSelect
              table={table}
              field="author"
              options={[...authors].map(([value, label]) => ({ value, label }))}
              placeholder="All authors"
              testId="posts-author-filter"
            />
          </>
        }
        columns={[
          {
            key: 'title',
            title: 'Title',
            dataIndex: 'title',
            sortKey: 'title',
            priority: 1,
            render: (_: unknown, row) => (
              <Link to={`/cms/${row.uuid}`} data-testid="post-open">
                {row.title}
              </Link>
            ),
          },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            sortKey: 'status',
            priority: 1,
            render: (value: PostStatus) => <PostStatusTag status={value} />,
          },
          {
            key: 'categories',
            title: 'Categories',
            dataIndex: 'categories',
            priority: 3,
            render: (_: unknown, row) => row.categories.map((c) => <Tag key={c.uuid}>{c.name}</Tag>),
          },
          {
            key: 'author',
            title: 'Author',
            dataIndex: 'author',
            priority: 3,
            render: (_: unknown, row) => row.author?.name ?? '—',
          },
          {
            key: 'published_at',
            title: 'Published',
            dataIndex: 'published_at',
            sortKey: 'published_at',
            priority: 2,
            render: (value: string | null) => formatDateTime(value, '—'),
          },
        ]}
      />
      {managing ? <CategoriesDialog onClose={() => setManaging(false)} /> : null}
    </div>
  );
}
