/**
 * The catalogue: every area's words with its English defaults, the spec's text (docs/
 * translations.md). Not imported by the runtime itself (each area's words travel in its own
 * chunk): the tests, the docs and the type of a translation (contract/i18n/*.json) read it.
 */
import { bannerWords } from '../consent/banner';
import { barWords } from '../overlays/bars';
import { buttonWords } from '../blocks/button/index';
import { captchaWords } from '../blocks/form/captcha';
import { cartWords } from '../pages/cart/index';
import { chartWords } from '../blocks/chart/index';
import { dataWords } from '../net/messages';
import { dialogWords } from '../ui/dialog';
import { donationWords } from '../blocks/donation/index';
import { embedWords } from '../ui/embed-placeholder';
import { formWords } from '../blocks/form/words';
import { galleryWords } from '../blocks/gallery/words';
import { imageWords } from '../blocks/image/index';
import { lightboxWords } from '../ui/lightbox/index';
import { logoutWords } from '../pages/logout';
import { mapWords } from '../blocks/map/index';
import { memberWords } from '../pages/member-access/index';
import { menuWords } from '../blocks/menu/index';
import { popupWords } from '../overlays/popup';
import { productWords } from '../blocks/product-list/index';
import { reservationWords } from '../blocks/reservation/index';
import { reviewWords } from '../pages/review/index';
import { schedulingWords } from '../blocks/scheduling/index';
import { searchWords } from '../blocks/search/enhance';
import { timeWords } from '../platform/relative-time';
import { videoWords } from '../blocks/video/index';

import { SERVER_FORM_MESSAGES } from '../../../contract/model/forms/messages';

/** The server's form messages the runtime only shows by their `code` (blocks/form/submit.ts). */
const serverFormWords = {
  area: 'form',
  defaults: Object.fromEntries(Object.entries(SERVER_FORM_MESSAGES).filter(([name]) => !(name in formWords.defaults))),
};

export const AREAS: Array<{ area: string; defaults: Record<string, string> }> = [
  bannerWords,
  barWords,
  buttonWords,
  captchaWords,
  cartWords,
  chartWords,
  dataWords,
  dialogWords,
  donationWords,
  embedWords,
  formWords,
  galleryWords,
  imageWords,
  lightboxWords,
  logoutWords,
  mapWords,
  memberWords,
  menuWords,
  popupWords,
  productWords,
  reservationWords,
  reviewWords,
  schedulingWords,
  searchWords,
  timeWords,
  videoWords,
  serverFormWords,
];

/** Every name (`lightbox.close`) with its English default. */
export const CATALOGUE: Readonly<Record<string, string>> = Object.fromEntries(
  AREAS.flatMap((area) => Object.entries(area.defaults).map(([name, text]) => [`${area.area}.${name}`, text])),
);
