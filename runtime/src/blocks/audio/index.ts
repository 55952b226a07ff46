/**
 * The audio block: the browser's own `<audio controls>` (keyboard-usable as it is), with a
 * census audio event on play (tracking hears the DOM event) and one sound at a time.
 */
import type { BlockModule } from '../../core/types';
import { dispatch, listen } from '../../platform/events';
import { MEDIA_PAUSE_EVENT, MEDIA_PLAY_EVENT } from '../../platform/media-events';

const audio: BlockModule = {
  mount(element, { config }) {
    const player = element.querySelector('audio');
    if (!player) throw new Error('An audio block needs an <audio> element.');
    player.controls = true;
    player.preload = 'metadata';
    if (typeof config.title === 'string' && !player.hasAttribute('aria-label')) player.setAttribute('aria-label', config.title);
    const detail = { kind: 'audio', provider: 'file', url: player.currentSrc || player.src || player.querySelector('source')?.src };
    const stops = [
      listen(player, 'play', () => dispatch(element, MEDIA_PLAY_EVENT, detail)),
      listen(player, 'pause', () => dispatch(element, MEDIA_PAUSE_EVENT, detail)),
      // Another sound starting pauses this one.
      listen(document, MEDIA_PLAY_EVENT, (event: Event) => {
        if (event.target !== element && (event as CustomEvent<{ kind?: string }>).detail?.kind === 'audio') player.pause();
      }),
    ];
    return {
      player,
      destroy: () => stops.forEach((stop) => stop()),
    };
  },
};
export default audio;
