export * from './errors.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './catalogue.ts';
export * from './health.ts';
export * from './library.ts';
export * from './questions.ts';
export * from './shop.ts';
