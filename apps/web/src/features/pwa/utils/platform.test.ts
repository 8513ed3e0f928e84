import { describe, expect, it } from 'vitest';
import { isIPhone, isNativeWrapper, isSlowConnection } from './platform.ts';

describe('platform detection', () => {
  it('recognises the native wrapper by its user agent', () => {
    expect(isNativeWrapper('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 BlokApp/2.3')).toBe(true);
    expect(isNativeWrapper('Mozilla/5.0 (Linux; Android 14) blokapp')).toBe(true);
    expect(isNativeWrapper('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Safari/604.1')).toBe(false);
  });

  it('recognises iPhones', () => {
    expect(isIPhone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(isIPhone('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(false);
  });

  it('calls a connection slow when its effective type is not 4g', () => {
    const connection = (effectiveType?: string) => Object.assign(new EventTarget(), { effectiveType });
    expect(isSlowConnection(connection('3g'))).toBe(true);
    expect(isSlowConnection(connection('slow-2g'))).toBe(true);
    expect(isSlowConnection(connection('4g'))).toBe(false);
    expect(isSlowConnection(connection(undefined))).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });
});
