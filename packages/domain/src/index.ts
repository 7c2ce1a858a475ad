import './contracts/zod-setup';

export * from './contracts/auth';
export * from './contracts/common';
export * from './contracts/config';
export * from './contracts/search';
export * from './messages';
export * from './permissions';
export * from './rules/duration';
export * from './rules/email';
export * from './rules/version';
export * from './rules/weekly-hours';
export * from './statuses';
export * from './user-types';
