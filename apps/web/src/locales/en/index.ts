// English holds only what the spec names in English; every other key falls back to Dutch.
export { default as common } from './common.json';
export { default as auth } from './auth.json';
export { default as pwa } from './pwa.json';
