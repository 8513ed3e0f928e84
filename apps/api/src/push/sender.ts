import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '@blok/contract';
import type { VapidKeys } from './vapid.ts';
import { PushEndpointRefused, type PushEndpointPolicy } from './endpoint-policy.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** No push service takes longer than this to accept a message; a silent one is retried later. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;

/**
 * Sends one Web Push message (RFC 8030, payload encrypted per RFC 8291 aes128gcm, VAPID per
 * RFC 8292) through the web-push package. 'gone' when the push service says the subscription no
 * longer exists (404 or 410); 'refused' when the endpoint breaks the endpoint policy (decision 016:
 * not https, not a known push service, or a host that resolves to a private address now); other
 * failures throw, so the job is retried.
 */
export class PushSender {
  /** Every connection resolves its host through the policy's checked lookup. */
  private agent: Agent;

  constructor(
    private readonly vapid: VapidKeys,
    readonly policy: PushEndpointPolicy,
  ) {
    this.agent = this.makeAgent();
  }

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /** Trusts this certificate too (the tests' loopback push service signs its own). */
  trust(ca: Buffer): void {
    this.agent.destroy();
    this.agent = this.makeAgent(ca);
  }

  private makeAgent(ca?: Buffer): Agent {
    return new Agent({ lookup: this.policy.lookup, timeout: PUSH_SEND_TIMEOUT_MS, ...(ca ? { ca } : {}) });
  }

  async send(target: PushTarget, message: PushMessage, options: { topic: string; ttlSeconds: number }): Promise<'sent' | 'gone' | 'refused'> {
    try {
      // the URL and an address written in it (a name's addresses are checked by the agent's lookup)
      this.policy.parse(target.endpoint);
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(message), {
        vapidDetails: { subject: this.vapid.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
        TTL: options.ttlSeconds,
        // A push service keeps only the newest undelivered message per topic: a repeat coalesces.
        topic: options.topic,
        urgency: 'normal',
        timeout: PUSH_SEND_TIMEOUT_MS,
        agent: this.agent,
      });
      return 'sent';
    } catch (err) {
      if (err instanceof PushEndpointRefused) return 'refused';
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      if (err instanceof WebPushError) throw new Error(`push service answered ${err.statusCode}`);
      throw err;
    }
  }

  close(): void {
    this.agent.destroy();
  }
}
