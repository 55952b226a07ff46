/**
 * The whole peer stack as one script for the benchmark's peer pages: it starts the same
 * features as Tessera on the same markup (slideshows, lightbox, videos, cookie banner, web-vitals,
 * error reporting, page-view tracking, the maps loader without a key), so that the main-thread
 * numbers compare.
 */
import { PhotoSwipeLightbox } from './photoswipe';
import './lite-youtube';
import { run } from './cookieconsent';
import { init } from './sentry';
import { init as initPageViews } from './plausible';
import { PEER_PAGE_VIEWS_PATH } from '../peer-endpoints';
import { setOptions } from './maps-loader';
import { Autoplay, Navigation, Pagination, Swiper, Thumbs } from './swiper';
import { onCLS, onFCP, onINP, onLCP, onTTFB } from './web-vitals';

declare global {
  interface Window {
    peerReady?: Promise<void>;
  }
}

window.peerReady = new Promise((resolve) => {
  const start = () => {
    init({ dsn: '', defaultIntegrations: false });
    initPageViews({ domain: 'bench.test', endpoint: PEER_PAGE_VIEWS_PATH, captureOnLocalhost: true, logging: false });
    for (const metric of [onCLS, onFCP, onINP, onLCP, onTTFB]) metric(() => undefined);
    setOptions({ key: '', v: 'weekly' });
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('.swiper'))) {
      new Swiper(element, { modules: [Navigation, Pagination, Autoplay, Thumbs], navigation: true, pagination: { clickable: true }, autoplay: { delay: 4000 } });
    }
    for (const gallery of Array.from(document.querySelectorAll<HTMLElement>('.peer-lightbox'))) {
      new PhotoSwipeLightbox({ gallery, children: 'a', pswpModule: () => import('./photoswipe').then((m) => m.PhotoSwipe) }).init();
    }
    void run({ categories: { necessary: { enabled: true, readOnly: true } }, language: { default: 'en', translations: { en: { consentModal: { title: 'Cookies', description: 'We use cookies.', acceptAllBtn: 'Accept' }, preferencesModal: { sections: [] } } } } });
    resolve();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
});
