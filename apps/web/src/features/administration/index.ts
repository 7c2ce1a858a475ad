/** The administration screen (issue 21): what the router loads of this feature. */
export { AdministrationPage } from './AdministrationPage';
