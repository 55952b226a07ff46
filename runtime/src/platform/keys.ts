/** Key codes named by the spec (part 1 §9, part 2 §9), and the matching KeyboardEvent.key names. */
export const KEY_CODE_ESCAPE = 27;
export const KEY_CODE_ENTER = 13;
export const KEY_CODE_SPACE = 32;

export function isEscape(event: KeyboardEvent): boolean {
  return event.key === 'Escape' || event.key === 'Esc' || event.keyCode === KEY_CODE_ESCAPE;
}

export function isActivation(event: KeyboardEvent): boolean {
  return (
    event.key === 'Enter' ||
    event.key === ' ' ||
    event.keyCode === KEY_CODE_ENTER ||
    event.keyCode === KEY_CODE_SPACE
  );
}
