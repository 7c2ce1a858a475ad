import { everyone, type MatrixRows, staff } from './expectations';

const NONE = '00000000-0000-4000-8000-000000000000';
/** The blog (/cms) is regular staff work with the POSTS_* family; freelancers and contacts are refused (issue 22). */
const postStaff = { ...staff, freelancer: 'deny' } as const;

/** Posts and their categories, and the website's public read API (no account, published posts only). */
export const POST_ROUTES: MatrixRows = {
  'GET /api/posts': { expect: postStaff },
  'POST /api/posts': { expect: postStaff, payload: {} },
  'GET /api/posts/:uuid': { expect: postStaff, url: `/api/posts/${NONE}` },
  'PUT /api/posts/:uuid': { expect: postStaff, url: `/api/posts/${NONE}`, payload: {} },
  'DELETE /api/posts/:uuid': { expect: postStaff, url: `/api/posts/${NONE}` },
  'POST /api/posts/:uuid/publish': { expect: postStaff, url: `/api/posts/${NONE}/publish`, payload: {} },
  'POST /api/posts/:uuid/unpublish': { expect: postStaff, url: `/api/posts/${NONE}/unpublish` },
  'GET /api/posts/:uuid/revisions': { expect: postStaff, url: `/api/posts/${NONE}/revisions` },
  'POST /api/posts/:uuid/revisions/:id/restore': {
    expect: postStaff,
    url: `/api/posts/${NONE}/revisions/1/restore`,
  },
  'GET /api/post-categories': { expect: postStaff },
  'POST /api/post-categories': { expect: postStaff, payload: {} },
  'PUT /api/post-categories/:uuid': { expect: postStaff, url: `/api/post-categories/${NONE}`, payload: {} },
  'DELETE /api/post-categories/:uuid': { expect: postStaff, url: `/api/post-categories/${NONE}` },
  'GET /api/public/posts': { expect: everyone },
  'GET /api/public/posts/feed.xml': { expect: everyone },
  'GET /api/public/posts/feed.atom': { expect: everyone },
  'GET /api/public/posts/sitemap.xml': { expect: everyone },
  'GET /api/public/posts/:slug': { expect: everyone, url: '/api/public/posts/no-such-post' },
  'GET /api/public/post-covers/:uuid': { expect: everyone, url: `/api/public/post-covers/${NONE}` },
};
