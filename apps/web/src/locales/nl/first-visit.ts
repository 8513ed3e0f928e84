// The Dutch namespaces a first visit needs (login, register, the signed-out Home, the start error and
// the PWA toasts): part of the entry script. Every other namespace is in ./later.ts (decision 014).
export { default as common } from './common.json';
export { default as auth } from './auth.json';
export { default as home } from './home.json';
export { default as pwa } from './pwa.json';
