import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import webpush from 'web-push';
import type { Env } from '../env.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  source: 'env' | 'file' | 'generated';
}

/**
 * The VAPID keys push messages are signed with. From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; outside
 * production, when unset, generated once into data/.vapid-keys.json (like the JWT secret) so that
 * restarts keep the browsers' subscriptions valid; tests get fresh keys. Production refuses to start
 * without them: every API process must sign with the same pair.
 */
export function resolveVapidKeys(env: Env, file = resolve('data/.vapid-keys.json')): VapidKeys {
  const subject = env.VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject, source: 'env' };
  }
  if (env.NODE_ENV === 'production') {
    throw new Error('Invalid environment configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required in production (npx web-push generate-vapid-keys)');
  }
  if (env.NODE_ENV === 'test') return { ...webpush.generateVAPIDKeys(), subject, source: 'generated' };
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject, source: 'file' };
  }
  mkdirSync(dirname(file), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject, source: 'file' };
}
