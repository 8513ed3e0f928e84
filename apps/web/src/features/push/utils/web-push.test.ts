import { describe, expect, it } from 'vitest';
import { applicationServerKey } from './web-push.ts';

describe('applicationServerKey', () => {
  it('decodes a base64url VAPID key without padding into its bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 250) % 256);
    const encoded = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(Array.from(applicationServerKey(encoded))).toEqual(Array.from(bytes));
  });
});
