/** Signed-in devices (issue 23): one's own sessions and an admin's sign-out of a person. */
export { sessionRoutes } from './sessions.routes';
