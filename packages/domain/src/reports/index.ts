export * from './common';
export * from './general-report';
export * from './project-time-report';
export * from './time-log-report';
export * from './user-performance';
