export * from './delta';
export * from './schema';
export * from './urls';
export * from './html';
