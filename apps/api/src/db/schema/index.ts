export * from './access';
export * from './auth';
export * from './mail';
export * from './users';
