// Swiper with the modules a slideshow with thumbnails and autoplay needs.
import Swiper from 'swiper';
import { Autoplay, Navigation, Pagination, Thumbs } from 'swiper/modules';

export { Autoplay, Navigation, Pagination, Swiper, Thumbs };
