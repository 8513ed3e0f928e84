/** Form modes (spec section 5). The react-hook-form bridge is the web app's (apps/web/src/lib/form-rules.ts). */

/** submit (1): validate on submit; lazy (2): on blur; aggressive (3): on every change. */
export const FORM_MODE = { submit: 1, lazy: 2, aggressive: 3 } as const;

export type FormMode = (typeof FORM_MODE)[keyof typeof FORM_MODE];
