import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '@blok/contract';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends one Web Push message (RFC 8030, payload encrypted per RFC 8291 aes128gcm, VAPID per
 * RFC 8292) through the web-push package. 'gone' when the push service says the subscription no
 * longer exists (404 or 410); other failures throw, so the job is retried.
 */
export class PushSender {
  /** TLS agent for the push service connection (loopback tests trust their own certificate). */
  agent: Agent | undefined;

  constructor(private readonly vapid: VapidKeys) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async send(target: PushTarget, message: PushMessage, options: { topic: string; ttlSeconds: number }): Promise<'sent' | 'gone'> {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
        vapidDetails: { subject: this.vapid.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
        TTL: options.ttlSeconds,
        // A push service keeps only the newest undelivered message per topic: a repeat coalesces.
        topic: options.topic,
        urgency: 'normal',
        timeout: 15_000,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return 'sent';
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      if (err instanceof WebPushError) throw new Error(`push service answered ${err.statusCode}`);
      throw err;
    }
  }
}
