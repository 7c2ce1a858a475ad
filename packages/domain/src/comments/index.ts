export * from './contracts';
export * from './delta';
export * from './schedule';
export * from './templates';
