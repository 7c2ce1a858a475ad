export * from './access';
export * from './auth';
export * from './catalog';
export * from './clients';
export * from './mail';
export * from './plans';
export * from './tasks';
export * from './users';
