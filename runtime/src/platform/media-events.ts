/**
 * DOM events through which media blocks and galleries talk (a block never imports another):
 * a video block fires play/pause on its element (they bubble); a gallery fires deactivate on a
 * slide that stops being current, and the video inside returns to its overlay.
 */
export const MEDIA_PLAY_EVENT = 'tessera:media-play';
export const MEDIA_PAUSE_EVENT = 'tessera:media-pause';
export const MEDIA_DEACTIVATE_EVENT = 'tessera:media-deactivate';
export const MEDIA_ACTIVATE_EVENT = 'tessera:media-activate';
