/** Signed-in devices (issue 23): the profile's Sessions section and a people manager's "Sign out everywhere". */
export { EndPersonSessionsButton } from './EndPersonSessionsButton';
export { SessionsSection } from './SessionsSection';
