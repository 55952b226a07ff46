/**
 * Generated benchmark pages: N mixed blocks (slideshow with thumbnails, grid with lightbox,
 * video, accordion, image, button) as Tessera markup, as peer-stack markup for the same
 * features, and as the same content with no script (the limit). The Tessera markup is what the
 * docs/blocks/README.md asks of a theme for no layout shift (galleries name their design in
 * `data-gallery-design`, a video's poster has the video's shape and its link's text is in a
 * span), as the peer markup is the peers' own.
 */
export type Variant = 'tessera' | 'peers' | 'none';
export const KINDS = ['slideshow', 'grid', 'video', 'accordion', 'image', 'button'] as const;

const photo = (i: number) => `/images/demo/${(i % 30) + 1}-1200x900.svg`;
/** A video's poster has the video's shape (16:9), so the block keeps its height as it mounts. */
const poster = (i: number) => `/images/demo/${(i % 30) + 1}-1600x900.svg`;
const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/'/g, '&#39;');

function tesseraBlock(kind: (typeof KINDS)[number], n: number): string {
  switch (kind) {
    case 'slideshow':
      return `<div class="gallery" id="block-g${n}" data-block-type="gallery" data-gallery-design="stacked" data-gallery-thumbnails data-block-json='${attr({ design: 'slideshow', thumbnails: true, autoplay: true, 'autoplay-duration': 4 })}'>${[0, 1, 2, 3]
        .map((i) => `<figure data-slide-id="g${n}s${i}" data-type="image" data-image-dimensions="1200x900"><img data-src="${photo(n + i)}" width="1200" height="900" alt="Photo ${i + 1}"></figure>`)
        .join('')}</div>`;
    case 'grid':
      return `<div class="gallery" id="block-g${n}" data-block-type="gallery" data-gallery-design="grid" data-block-json='${attr({ design: 'grid', 'thumbnails-per-row': 4, lightbox: true })}'>${[0, 1, 2, 3]
        .map((i) => `<figure data-slide-id="g${n}s${i}" data-type="image" data-image-dimensions="1200x900"><img data-src="${photo(n + i)}" width="1200" height="900" alt="Photo ${i + 1}"></figure>`)
        .join('')}</div>`;
    case 'video':
      return `<div id="block-v${n}" data-block-type="video" data-block-json='${attr({ html: '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>', ratio: 1.7778, title: 'Big Buck Bunny' })}'><a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ"><img src="${poster(n)}" width="1600" height="900" alt=""><span>Watch the video</span></a></div>`;
    case 'accordion':
      return `<div id="block-a${n}" data-block-type="accordion"><details><summary>Question ${n}</summary><div><p>Answer ${n}.</p></div></details><details><summary>Another</summary><div><p>More.</p></div></details></div>`;
    case 'image':
      return `<div id="block-i${n}" data-block-type="image" data-block-json='${attr({ lightbox: true })}'><img data-src="${photo(n)}" width="1200" height="900" alt="Image ${n}"></div>`;
    case 'button':
      return `<span id="block-b${n}" data-block-type="button" data-block-json='{"size": "medium"}'><a class="site-button" href="/faq">Button ${n}</a></span>`;
  }
}

function peerBlock(kind: (typeof KINDS)[number], n: number): string {
  switch (kind) {
    case 'slideshow':
      return `<div class="swiper"><div class="swiper-wrapper">${[0, 1, 2, 3].map((i) => `<div class="swiper-slide"><img src="${photo(n + i)}" width="1200" height="900" alt="Photo ${i + 1}" loading="lazy"></div>`).join('')}</div><div class="swiper-pagination"></div><div class="swiper-button-prev"></div><div class="swiper-button-next"></div></div>`;
    case 'grid':
      return `<div class="peer-lightbox">${[0, 1, 2, 3].map((i) => `<a href="${photo(n + i)}" data-pswp-width="1200" data-pswp-height="900"><img src="${photo(n + i)}" width="300" height="225" alt="Photo ${i + 1}" loading="lazy"></a>`).join('')}</div>`;
    case 'video':
      return `<lite-youtube videoid="aqz-KE-bpKQ" playlabel="Play: Big Buck Bunny"></lite-youtube>`;
    case 'accordion':
      return `<div><details><summary>Question ${n}</summary><div><p>Answer ${n}.</p></div></details><details><summary>Another</summary><div><p>More.</p></div></details></div>`;
    case 'image':
      return `<div class="peer-lightbox"><a href="${photo(n)}" data-pswp-width="1200" data-pswp-height="900"><img src="${photo(n)}" width="1200" height="900" alt="Image ${n}" loading="lazy"></a></div>`;
    case 'button':
      return `<a class="site-button" href="/faq">Button ${n}</a>`;
  }
}

/**
 * Images as a page without the runtime shows them: the address the runtime would load from
 * `data-src` as a plain `src`, so that the runtime is not charged for loading the page's own
 * images (an image that has a `src` keeps it).
 */
export const withPlainImages = (html: string, lazy = false): string =>
  html.replace(/<img\b[^>]*>/g, (tag) => (/\ssrc=/.test(tag) ? tag : tag.replace(/\sdata-src=/, lazy ? ' loading="lazy" src=' : ' src=')));

/** A site page's context: a website (so collectors run) with the cookie banner asking. */
export const BENCH_CONTEXT = {
  website: { id: 'bench-site' },
  env: 'prod',
  pageType: 2,
  cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: false },
};

/**
 * What a theme built for long pages adds: sections off screen are not rendered until they come
 * near (`content-visibility: auto`), each holding the size it last had. The same for every variant.
 */
export const CONTAINED_THEME = 'main > section { content-visibility: auto; contain-intrinsic-size: auto 400px }';

/** A page of `count` mixed blocks in one variant, in the plain theme or the contained one. */
/** The icon the server's own pages name: without it the browser asks for /favicon.ico, a 404 in every run's log. */
const ICON = '<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">';

export function blocksPage(count: number, variant: Variant, contained = false): string {
  const blocks: string[] = [];
  for (let n = 0; n < count; n++) {
    const kind = KINDS[n % KINDS.length]!;
    // The page without a script shows the same images, loaded by the browser as they come near
    // (as the runtime and the peers load them).
    blocks.push(`<section>${variant === 'peers' ? peerBlock(kind, n) : variant === 'none' ? withPlainImages(tesseraBlock(kind, n), true) : tesseraBlock(kind, n)}</section>`);
  }
  // The page without a script keeps the runtime's stylesheet: the same page as served, laid out
  // the same before any script runs, so that the difference is the script's work alone.
  const head =
    variant === 'tessera'
      ? `<link rel="stylesheet" href="/runtime/runtime.css"><script type="application/json" id="site-context">${JSON.stringify(BENCH_CONTEXT)}</script><script type="module" src="/runtime/site.js"></script>`
      : variant === 'peers'
        ? `<link rel="stylesheet" href="/bench/peer-stack.css"><script defer src="/bench/peer-stack.js"></script>`
        : '<link rel="stylesheet" href="/runtime/runtime.css">';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${ICON}<title>${count} blocks (${variant})</title><link rel="stylesheet" href="/assets/site.css">${contained ? `<style>${CONTAINED_THEME}</style>` : ''}${head}</head><body><main id="content"><h1>${count} blocks</h1>${blocks.join('\n')}</main></body></html>`;
}

/**
 * The like-for-like page: the features the peer stack covers, once each (a slideshow with
 * thumbnails, a grid opening the lightbox, a video, a map; the banner and the collectors come
 * with the context).
 */
export function likeForLikePage(): string {
  const map = `<div id="block-map" data-block-type="map" data-block-json='${attr({ location: { mapLat: 40.7411, mapLng: -73.9897, mapZoom: 15, addressTitle: 'Tessera Shop' } })}'></div>`;
  const blocks = [tesseraBlock('slideshow', 0), tesseraBlock('grid', 1), tesseraBlock('video', 2), map].map((block) => `<section>${block}</section>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${ICON}<title>Like for like</title><link rel="stylesheet" href="/assets/site.css"><link rel="stylesheet" href="/runtime/runtime.css"><script type="application/json" id="site-context">${JSON.stringify(BENCH_CONTEXT)}</script><script type="module" src="/runtime/site.js"></script></head><body><main id="content"><h1>Like for like</h1>${blocks.join('\n')}</main></body></html>`;
}

