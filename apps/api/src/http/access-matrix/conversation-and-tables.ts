import { anyUser, everyone, type MatrixRows, staff } from './expectations';

/** Notifications, uploads, live channels, comments, mentions, templates, push tokens, requests and their catalogue, bulk operations and exports, the API docs and the web app. */
export const CONVERSATION_AND_TABLE_ROUTES: MatrixRows = {
  'GET /api/notifications': { expect: staff },
  'GET /api/notifications/count': { expect: staff },
  'POST /api/notifications/read-all': { expect: staff },
  'POST /api/notifications/:id/read': {
    expect: staff,
    url: '/api/notifications/00000000-0000-4000-8000-000000000000/read',
  },
  'POST /api/notifications/:id/unread': {
    expect: staff,
    url: '/api/notifications/00000000-0000-4000-8000-000000000000/unread',
  },
  'DELETE /api/notifications/:id': { expect: staff, url: '/api/notifications/00000000-0000-4000-8000-000000000000' },
  // Uploads (issue 8). The signed content routes are open by declaration: the HMAC signature is their authorisation
  // (without one they answer 422). Stable file paths check the session in the handler (bearer or file cookie).
  'POST /api/create-pre-signed-url': { expect: staff, payload: {} },
  'PUT /api/uploads/:uuid/content': {
    expect: everyone,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/content',
  },
  'GET /api/uploads/:uuid/content': {
    expect: everyone,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/content',
  },
  'GET /api/uploads/:uuid': { expect: anyUser, url: '/api/uploads/00000000-0000-4000-8000-000000000000' },
  'GET /api/uploads/:uuid/thumbnail': {
    expect: anyUser,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/thumbnail',
  },
  'GET /api/uploads/:uuid/info': { expect: staff, url: '/api/uploads/00000000-0000-4000-8000-000000000000/info' },
  'GET /api/uploads/:uuid/download': {
    expect: staff,
    url: '/api/uploads/00000000-0000-4000-8000-000000000000/download',
  },
  'DELETE /api/uploads/:uuid': { expect: staff, url: '/api/uploads/00000000-0000-4000-8000-000000000000' },
  'POST /api/tasks/mass-download': { expect: staff, payload: {} },
  'POST /api/requests/mass-download': { expect: staff, payload: {} },
  'POST /api/uploads/mass-download': { expect: staff, payload: {} },
  'POST /api/uploads/:uuid/copy': { expect: staff, url: '/api/uploads/00000000-0000-4000-8000-000000000000/copy' },
  'GET /api/mentions/count': { expect: staff },
  // The route is open to any signed-in account; the channel rule then refuses contacts (live/channels.ts).
  'POST /api/broadcasting/auth': {
    expect: staff,
    payload: { socket_id: '1.2', channel_name: 'private-model.changes' },
  },
  'POST /api/mentions/:id/read': { expect: staff, url: '/api/mentions/00000000-0000-4000-8000-000000000000/read' },
  // Comments, mentions and templates (issue 12). Reading and writing follow the commentable (unknown uuids 404);
  // authorship, plan-only types and freelancers on requests are decided in the handlers.
  'GET /api/tasks/:uuid/comments': { expect: staff, url: '/api/tasks/00000000-0000-4000-8000-000000000000/comments' },
  'POST /api/tasks/:uuid/comments': {
    expect: staff,
    url: '/api/tasks/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'GET /api/requests/:uuid/comments': {
    expect: staff,
    url: '/api/requests/00000000-0000-4000-8000-000000000000/comments',
  },
  'POST /api/requests/:uuid/comments': {
    expect: staff,
    url: '/api/requests/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'GET /api/projects/:uuid/comments': {
    expect: staff,
    url: '/api/projects/00000000-0000-4000-8000-000000000000/comments',
  },
  'POST /api/projects/:uuid/comments': {
    expect: staff,
    url: '/api/projects/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'POST /api/projects/comments/:uuid/comments': {
    expect: staff,
    url: '/api/projects/comments/00000000-0000-4000-8000-000000000000/comments',
    payload: { text: 'hi' },
  },
  'GET /api/comments/:uuid': { expect: staff, url: '/api/comments/00000000-0000-4000-8000-000000000000' },
  'PUT /api/comments/:uuid': {
    expect: staff,
    url: '/api/comments/00000000-0000-4000-8000-000000000000',
    payload: { text: 'hi' },
  },
  'DELETE /api/comments/:uuid': { expect: staff, url: '/api/comments/00000000-0000-4000-8000-000000000000' },
  'POST /api/comments/:uuid/reaction': {
    expect: staff,
    url: '/api/comments/00000000-0000-4000-8000-000000000000/reaction',
    payload: { reaction: 'thumbs_up' },
  },
  'DELETE /api/reaction/:uuid': { expect: staff, url: '/api/reaction/00000000-0000-4000-8000-000000000000' },
  'GET /api/projects/:uuid/mentionables': {
    expect: staff,
    url: '/api/projects/00000000-0000-4000-8000-000000000000/mentionables',
  },
  'GET /api/mentions/mentionables': { expect: staff },
  'GET /api/mentions': { expect: staff },
  'GET /api/comment-templates': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/comment-templates/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/comment-templates/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/comment-templates': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/comment-templates/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/comment-templates/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/comment-templates/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/comment-templates/00000000-0000-4000-8000-000000000000',
  },
  'POST /api/push-token': { expect: staff, payload: {} },
  'PUT /api/push-token/:token': { expect: staff, url: '/api/push-token/unknown', payload: {} },
  'DELETE /api/push-token/:token': { expect: staff, url: '/api/push-token/unknown' },
  // Requests (doc 2 §7): freelancers read them; creating, discarding and editing are staff work.
  'GET /api/requests': { expect: staff },
  'GET /api/requests/:uuid': { expect: staff, url: '/api/requests/00000000-0000-4000-8000-000000000000' },
  'POST /api/requests': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/requests/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000',
    payload: {},
  },
  'DELETE /api/requests/:uuid': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/requests/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/request/:uuid/logs': { expect: staff, url: '/api/request/00000000-0000-4000-8000-000000000000/logs' },
  'GET /api/request-types': { expect: staff },
  'GET /api/request-types/:id': { expect: staff, url: '/api/request-types/999999' },
  'POST /api/request-types': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'PUT /api/request-types/:id': {
    expect: { ...staff, freelancer: 'deny' },
    url: '/api/request-types/999999',
    payload: {},
  },
  'DELETE /api/request-types/:id': { expect: { ...staff, freelancer: 'deny' }, url: '/api/request-types/999999' },
  // Data-table toolkit (issue 10): bulk operations and export-all, with the access of their single-row and list calls.
  'POST /api/tasks/bulk-operations/update': { expect: staff, payload: {} },
  'POST /api/tasks/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/tasks/export-all': { expect: staff },
  'POST /api/requests/bulk-operations/update': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'POST /api/requests/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/requests/export-all': { expect: staff },
  'POST /api/time-log/bulk-operations/update': { expect: staff, payload: {} },
  'POST /api/time-log/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/time-log/export-all': { expect: staff },
  'POST /api/customers/bulk-operations/update': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'POST /api/customers/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/customers/export-all': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/contacts/bulk-operations/update': { expect: staff, payload: {} },
  'POST /api/contacts/bulk-operations/delete': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/contacts/export-all': { expect: { ...staff, freelancer: 'deny' } },
  'GET /api/projects/export-all': { expect: { ...staff, freelancer: 'deny' } },
  'POST /api/users/bulk-operations/export': { expect: { ...staff, freelancer: 'deny' }, payload: {} },
  'GET /api/docs': { expect: everyone },
  'GET /api/docs/json': { expect: everyone },
  'GET /api/docs/yaml': { expect: everyone },
  'GET /api/docs/static/*': { expect: everyone, url: '/api/docs/static/swagger-ui.css' },
  'GET /api/docs/static/index.html': { expect: everyone },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone },
  'GET /*': { expect: everyone, url: '/somewhere' },
};
