import { describe, expect, it } from 'vitest';
import { getSafariMajorVersion, isOutdatedSafari } from './safari.ts';

const UA = {
  safari16Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15',
  safari17Mac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  safari15iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  safari18iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  oldAndroidStock:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; nl-nl) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('Safari detection', () => {
  it('reads the major version of desktop and iOS Safari', () => {
    expect(getSafariMajorVersion(UA.safari16Mac)).toBe(16);
    expect(getSafariMajorVersion(UA.safari17Mac)).toBe(17);
    expect(getSafariMajorVersion(UA.safari15iPhone)).toBe(15);
    expect(getSafariMajorVersion(UA.safari18iPhone)).toBe(18);
  });

  it('flags Safari below 17 and nothing else', () => {
    expect(isOutdatedSafari(UA.safari16Mac)).toBe(true);
    expect(isOutdatedSafari(UA.safari15iPhone)).toBe(true);
    expect(isOutdatedSafari(UA.safari17Mac)).toBe(false);
    expect(isOutdatedSafari(UA.safari18iPhone)).toBe(false);
  });

  it('does not mistake other browsers that mention Safari for Safari', () => {
    for (const ua of [UA.chromeMac, UA.chromeIos, UA.firefoxIos, UA.androidChrome, UA.oldAndroidStock, UA.edge, UA.firefox]) {
      expect(getSafariMajorVersion(ua)).toBeNull();
      expect(isOutdatedSafari(ua)).toBe(false);
    }
  });
});
