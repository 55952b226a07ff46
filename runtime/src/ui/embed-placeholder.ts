/**
 * The placeholder a gated embed shows (core/consent.ts `gateEmbed`): plain DOM, first in the
 * block's own box, so that a page whose only UI it is never loads preact. Styles: blocks.css.
 */
import { assetUrl, loadStylesheet } from '../platform/assets';
import { listen, type Teardown } from '../platform/events';
import { fill, texts } from '../platform/strings';
import { CONSENT_EVENT, setConsent, type Embed } from '../core/consent';

/** The placeholder's words (platform/strings.ts): `{what}` is one of the nouns below. */
export const embedWords = texts('embed', {
  notice: 'This {what} comes from {provider}. Loading it sends {provider} your IP address and browser details, and {provider} may set cookies.',
  load: 'Load the {what}',
  allowAll: 'Allow all embeds',
  label: '{provider} {what}',
  video: 'video',
  map: 'map',
  bookingForm: 'booking form',
  reservationForm: 'reservation form',
  registry: 'registry',
});
const wordsFor = (embed: Embed) => ({ provider: embed.provider, what: embedWords()[embed.what] });
export const loadEmbedLabel = (embed: Embed) => fill(embedWords().load, wordsFor(embed));
export const embedNotice = (embed: Embed) => fill(embedWords().notice, wordsFor(embed));

function button(label: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}

/**
 * Shows the placeholder first in `host`. `start` runs once, the placeholder gone, when the
 * visitor loads this embed or consent allows every embed. Answers the teardown.
 */
export function showPlaceholder(host: HTMLElement, embed: Embed, start: () => void): Teardown {
  let ended = false;
  const box = document.createElement('div');
  const end = () => {
    ended = true;
    stopListening();
    box.remove();
  };
  const go = () => {
    end();
    start();
  };
  const stopListening = listen(document, CONSENT_EVENT, (event: Event) => {
    if ((event as CustomEvent<{ state: boolean | null }>).detail?.state === true) go();
  });

  box.className = 'site-embed-gate';
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', fill(embedWords().label, wordsFor(embed)));
  const text = document.createElement('p');
  text.textContent = embedNotice(embed);
  const load = button(loadEmbedLabel(embed), go);
  // The banner's accept: every waiting embed loads (this one through the consent event).
  const all = button(embedWords().allowAll, () => setConsent(true));
  const actions = document.createElement('p');
  actions.append(load, ' ', all);
  box.append(text, actions);
  // A visitor who pressed the block's own control (a video's play) lands on the choice.
  const focused = host.contains(document.activeElement);
  void loadStylesheet(assetUrl('blocks.css')).then(() => {
    if (ended) return;
    host.prepend(box);
    if (focused) load.focus();
  });
  return end;
}
