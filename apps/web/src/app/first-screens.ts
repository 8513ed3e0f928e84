/** The screens a first visit can open with a page of their own (decision 014, "First screens"). */
export type FirstScreen = 'login' | 'register' | 'home' | 'reader' | 'library';

/**
 * The first screens whose page carries the screen itself, rendered at build time (decision 032): the
 * ones that show the same to every visitor. Their address is always signed out.
 */
export const PRERENDERED_SCREENS = { login: '/auth/login', register: '/auth/register' } as const satisfies Partial<Record<FirstScreen, string>>;
export type PrerenderedScreen = keyof typeof PRERENDERED_SCREENS;

/**
 * Their addresses, the one list of them: main.tsx fetches the screen's code by it, and the web build
 * writes a copy of index.html per screen (`first-screen/<page>.html`, naming the screen's chunks) and
 * this list as `first-screen/addresses.json`, by which the API picks the copy to send (plugins/web.ts).
 * `/` is Home for a signed-in visitor and the registration for anyone else (`firstScreenOf`).
 * Kept free of imports: it is part of the entry chunk and of vite.config.ts.
 */
export const FIRST_SCREEN_ADDRESSES: ReadonlyArray<readonly [FirstScreen, RegExp]> = [
  ['login', /^\/auth\/login\/?$/],
  ['register', /^\/auth\/register\/?$/],
  ['home', /^\/home\/?$/],
  ['reader', /^\/summary\/read\//],
  ['library', /^\/bibliotheek\/?$/],
];

/** The first screen an address opens, or null for any other screen. */
export function firstScreenOf(pathname: string, signedIn: boolean): FirstScreen | null {
  if (pathname === '/') return signedIn ? 'home' : 'register';
  return FIRST_SCREEN_ADDRESSES.find(([, address]) => address.test(pathname))?.[0] ?? null;
}
