import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';

describe('base64url', () => {
  it('matches Node’s base64url for every length and round-trips', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 73 + n * 31) & 0xff);
      const text = encodeBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      const back = decodeBase64url(text);
      expect(back.ok && [...back.bytes]).toEqual([...bytes]);
    }
  });

  it('tolerates padding some encoders add', () => {
    const back = decodeBase64url('YQ==');
    expect(back.ok && [...back.bytes]).toEqual([0x61]);
  });
});
