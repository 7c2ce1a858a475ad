/** Two-factor authentication (TOTP): the Security section, forced enrolment, admin reset and the roles setting. */
export { EnrolmentRequiredPage } from './EnrolmentRequiredPage';
export { RequiredRoleSwitch } from './RequiredRoleSwitch';
export { ResetSecondFactorButton } from './ResetSecondFactorButton';
export { SecuritySection } from './SecuritySection';
