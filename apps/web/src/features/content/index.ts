/** The content feature (issue 22): its screens are loaded lazily by routes/pages.ts. */
export { ContentPage } from './ContentPage';
export { PublicApprovalPage } from './PublicApprovalPage';
