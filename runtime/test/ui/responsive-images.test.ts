import { describe, expect, it } from 'vitest';
import {
  IMAGE_WIDTHS,
  aspectRatio,
  applyCrop,
  chooseWidth,
  cropModeOf,
  dimensionsOf,
  imageSettings,
  sizedUrl,
} from '../../src/ui/responsive-images';

describe('image loader (part 2 §3 Image settings)', () => {
  it('has the spec widths', () => {
    expect([...IMAGE_WIDTHS]).toEqual([2500, 1500, 1000, 750, 500, 300, 100]);
  });

  it('chooses the smallest width covering rendered size × clamped pixel ratio', () => {
    expect(chooseWidth(280, 1)).toBe(300);
    expect(chooseWidth(300, 1)).toBe(300);
    expect(chooseWidth(301, 1)).toBe(500);
    expect(chooseWidth(400, 2)).toBe(1000);
    expect(chooseWidth(400, 4, 1, 2)).toBe(1000);
    expect(chooseWidth(400, 0.5, 1, 3)).toBe(500);
    expect(chooseWidth(5000, 1)).toBe(2500);
    expect(chooseWidth(400, 1, 1, 3, 0.5)).toBe(300);
  });

  it('formats the size as a query string or in the filename', () => {
    expect(sizedUrl('/img/a.jpg', 750)).toBe('/img/a.jpg?format=750w');
    expect(sizedUrl('/img/a.jpg?v=2#x', 300)).toBe('/img/a.jpg?v=2&format=300w#x');
    expect(sizedUrl('/img/a.jpg', 500, 'filename')).toBe('/img/a-500w.jpg');
    expect(sizedUrl('/img.d/a?v=1', 500, 'filename')).toBe('/img.d/a-500w?v=1');
  });

  it('maps image modes to crop modes and reads the focal point (default 0.5/0.5)', () => {
    expect(cropModeOf('fill')).toBe('cover');
    expect(cropModeOf('fit')).toBe('contain');
    expect(cropModeOf('none')).toBe('none');
    expect(cropModeOf(null)).toBe('none');
    const img = document.createElement('img');
    expect(imageSettings(img)).toMatchObject({ focalX: 0.5, focalY: 0.5, crop: 'none', sizeFormat: 'query' });
    img.dataset.imageFocalPoint = '0.2,1.7';
    img.dataset.imageMode = 'fill';
    const settings = imageSettings(img);
    expect(settings).toMatchObject({ focalX: 0.2, focalY: 1, crop: 'cover' });
    applyCrop(img, settings);
    expect(img.style.objectFit).toBe('cover');
    expect(img.style.objectPosition).toBe('20% 100%');
  });

  it('parses dimensions and aspect ratios', () => {
    expect(dimensionsOf('1500x1000')).toEqual({ width: 1500, height: 1000 });
    expect(dimensionsOf('0x10')).toBeNull();
    expect(dimensionsOf('wide')).toBeNull();
    expect(aspectRatio('Auto')).toBeNull();
    expect(aspectRatio('3:2')).toBe(1.5);
    expect(aspectRatio(2)).toBe(2);
    expect(aspectRatio('-1')).toBeNull();
  });
});
