import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A host name the tests' resolver may point at the loopback push service (its certificate names it). */
export const LOOPBACK_PUSH_HOST = 'push.loopback.test';

/** A browser's side of a push subscription: the keys the test generated, to decrypt with. */
export interface TestSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * RFC 8291 (Message Encryption for Web Push) with RFC 8188 aes128gcm: what a browser does with a
 * message, written independently of web-push so the test checks the wire format.
 */
export function decryptPush(body: Buffer, sub: Pick<TestSubscriber, 'privateKey' | 'publicKey' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('missing last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * A push service on loopback (HTTPS with a certificate made for the test): records what arrives,
 * and answers each endpoint with the status the test chose (201 by default, 410 for a gone one).
 */
export class LoopbackPushService {
  readonly received: ReceivedPush[] = [];
  readonly statusFor = new Map<string, number>();
  readonly agent: Agent;
  private server!: Server;
  private port = 0;
  private readonly dir: string;
  private readonly key: Buffer;
  /** the service's self-signed certificate (the sender is told to trust it) */
  readonly cert: Buffer;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'blok-push-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', `subjectAltName=IP:127.0.0.1,DNS:${LOOPBACK_PUSH_HOST}`,
      '-keyout', join(this.dir, 'key.pem'), '-out', join(this.dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    this.key = readFileSync(join(this.dir, 'key.pem'));
    this.cert = readFileSync(join(this.dir, 'cert.pem'));
    this.agent = new Agent({ ca: this.cert });
  }

  async start(): Promise<void> {
    this.server = createServer({ key: this.key, cert: this.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = this.statusFor.get(path) ?? 201;
        res.end();
      });
    });
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** A new browser subscription on this push service (`host`: the name in its endpoint). */
  subscriber(host = '127.0.0.1'): TestSubscriber {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const id = randomBytes(8).toString('hex');
    return {
      endpoint: `https://${host}:${this.port}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      privateKey: ecdh.getPrivateKey(),
      publicKey: ecdh.getPublicKey(),
      authSecret,
    };
  }

  pathOf(sub: TestSubscriber): string {
    return new URL(sub.endpoint).pathname;
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((ok) => this.server.close(() => ok()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
