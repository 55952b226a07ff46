// PhotoSwipe's lightbox opener and its core (the opener imports the core when a photo opens).
import PhotoSwipe from 'photoswipe';
import PhotoSwipeLightbox from 'photoswipe/lightbox';

export { PhotoSwipe, PhotoSwipeLightbox };
