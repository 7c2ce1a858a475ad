export * from './delta';
export * from './html';
export * from './schema';
export * from './urls';
