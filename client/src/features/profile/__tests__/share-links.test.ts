import { describe, expect, it } from 'vitest';
import { profileUrl, shareText, webShareUrl } from '../lib/share-links';

describe('share links', () => {
  it('builds the absolute profile URL from the origin', () => {
    expect(profileUrl('ada', 'https://mark.it')).toBe('https://mark.it/u/ada');
    expect(profileUrl('ada')).toBe(`${window.location.origin}/u/ada`);
  });

  it("fills each network's share page with the encoded link and text", () => {
    const url = 'https://mark.it/u/ada';
    const text = shareText('Ada & Co');
    expect(text).toBe("Check out Ada & Co's profile on mark.it");
    expect(webShareUrl('twitter', url, text)).toBe(
      "https://twitter.com/intent/tweet?url=https%3A%2F%2Fmark.it%2Fu%2Fada&text=Check%20out%20Ada%20%26%20Co's%20profile%20on%20mark.it",
    );
    expect(webShareUrl('facebook', url, text)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fmark.it%2Fu%2Fada',
    );
    expect(webShareUrl('whatsapp', url, text)).toBe(
      "https://wa.me/?text=Check%20out%20Ada%20%26%20Co's%20profile%20on%20mark.it%20https%3A%2F%2Fmark.it%2Fu%2Fada",
    );
  });
});
