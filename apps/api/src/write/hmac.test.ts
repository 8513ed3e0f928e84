import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FixedKeyHmac } from './hmac.ts';

describe('FixedKeyHmac', () => {
  it('gives the bytes of createHmac for keys shorter than, as long as and longer than the block', () => {
    for (const keyLength of [1, 32, 64, 65, 200]) {
      const key = randomBytes(keyLength);
      const hmac = new FixedKeyHmac(key);
      for (const message of ['', 'POST /api/x\n{"a":1}', 'één wachtwoord: 🔑', 'x'.repeat(5000)]) {
        expect(hmac.digest(message).toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
      }
      const bytes = randomBytes(100);
      expect(hmac.digest(bytes).equals(createHmac('sha256', key).update(bytes).digest())).toBe(true);
    }
  });
});
