import { texts } from '../../platform/strings';

/** The gallery's words (platform/strings.ts); its controls' English labels are exported for tests. */
export const LABEL_PREVIOUS = 'Previous slide';
export const LABEL_NEXT = 'Next slide';
export const LABEL_PAUSE = 'Pause slideshow';
export const LABEL_PLAY = 'Play slideshow';

export const galleryWords = texts('gallery', {
  label: 'Gallery',
  previous: LABEL_PREVIOUS,
  next: LABEL_NEXT,
  pause: LABEL_PAUSE,
  play: LABEL_PLAY,
  carousel: 'carousel',
  slide: 'slide',
  slideOf: '{n} of {count}',
  thumbnails: 'Thumbnails',
  showSlide: 'Show slide {n}',
  image: 'Image {n}',
});
