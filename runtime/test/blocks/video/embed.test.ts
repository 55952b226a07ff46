import { describe, expect, it, vi } from 'vitest';
import { AUTO_RATIO_PERCENT, DEFAULT_RATIO_PERCENT, INVALID_EMBED, embedFromUrl, frameAspectRatio, parseEmbed, ratioPercent, videoMode } from '../../../src/blocks/video/embed';

const base = 'https://site.example/page';

describe('video embed (part 1 §3, §5, §8, §9)', () => {
  it('plays YouTube on the privacy-enhanced host, whatever form the address has', () => {
    for (const src of ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?start=3']) {
      expect(parseEmbed(`<iframe src="${src}"></iframe>`, base)).toEqual({
        provider: 'YouTube',
        type: 'iframe',
        src: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
        origin: 'https://www.youtube-nocookie.com',
      });
    }
  });

  it('plays Vimeo without tracking and a file with a native player', () => {
    expect(parseEmbed('<iframe src="https://player.vimeo.com/video/76979871"></iframe>', base)).toMatchObject({ provider: 'Vimeo', type: 'iframe', src: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1' });
    expect(embedFromUrl('https://vimeo.com/76979871', base).provider).toBe('Vimeo');
    expect(parseEmbed('<video src="/clip.webm"></video>', base)).toEqual({ provider: 'file', type: 'object', src: 'https://site.example/clip.webm', origin: null });
    expect(parseEmbed('<video><source src="clip.mp4"></video>', base).src).toBe('https://site.example/clip.mp4');
  });

  it('anything else is invalid: missing, unknown hosts, hostile schemes, ids that are not ids, scripts', () => {
    expect(INVALID_EMBED).toBe('Invalid video embed.');
    const invalid = { provider: null, type: 'invalid', src: null, origin: null };
    for (const html of [undefined, '', '   ', '<p>hello</p>', '<iframe src="https://video.example.net/v/1"></iframe>', '<iframe src="javascript:alert(1)"></iframe>', '<iframe src="https://www.youtube.com/embed/%22%3E%3Cscript%3E"></iframe>', '<video src="javascript:alert(1)"></video>', '<object data="movie.swf"></object>', 42]) {
      expect(parseEmbed(html, base)).toEqual(invalid);
    }
    const spy = vi.fn();
    (window as unknown as { pwned: () => void }).pwned = spy;
    parseEmbed('<img src=x onerror="pwned()"><script>pwned()</script>', base);
    expect(spy).not.toHaveBeenCalled();
  });

  it('the placeholder ratio: 65 for Auto, else 100 / ratio, default 56.3', () => {
    expect(AUTO_RATIO_PERCENT).toBe(65);
    expect(DEFAULT_RATIO_PERCENT).toBe(56.3);
    expect(ratioPercent('Auto')).toBe(65);
    expect(ratioPercent(2)).toBe(50);
    expect(ratioPercent('1.25')).toBe(80);
    expect(ratioPercent(undefined)).toBe(56.3);
    expect(ratioPercent(0)).toBe(56.3);
    expect(ratioPercent('wide')).toBe(56.3);
  });

  it("the frame keeps the poster's exact ratio when the block's is the same one to four decimals", () => {
    const poster = (width: string, height: string) => Object.assign(document.createElement('img'), { width: +width, height: +height });
    expect(frameAspectRatio(1.7778, poster('1600', '900'))).toBe('1600/900');
    expect(frameAspectRatio('1.3333', poster('1200', '900'))).toBe('1200/900');
    // A ratio the poster does not have, no poster, or a poster without its size: 100 / percent.
    expect(frameAspectRatio(2, poster('1600', '900'))).toBe('2');
    expect(frameAspectRatio(1.777, poster('1600', '900'))).toBe(String(100 / (100 / 1.777)));
    expect(frameAspectRatio(1.7778, null)).toBe(String(100 / (100 / 1.7778)));
    expect(frameAspectRatio(1.7778, document.createElement('img'))).toBe(String(100 / (100 / 1.7778)));
    expect(frameAspectRatio('Auto', poster('1600', '900'))).toBe(String(100 / 65));
    // A poster without a width, or a ratio that is no number: the spec's ratio, never "0 / 900".
    expect(frameAspectRatio(null, poster('0', '900'))).toBe(String(100 / 56.3));
    expect(frameAspectRatio('', poster('0', '900'))).toBe(String(100 / 56.3));
  });

  it('the mode is none, fit, fill or null', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(videoMode('fit')).toBe('fit');
    expect(videoMode('fill')).toBe('fill');
    expect(videoMode('none')).toBe('none');
    expect(videoMode(null)).toBeNull();
    expect(videoMode(undefined)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
    expect(videoMode('stretch')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
