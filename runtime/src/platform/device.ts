/** CONTRACT §3a: "mobile" is a device whose primary input is touch. */
export function isMobile(): boolean {
  try {
    return typeof matchMedia === 'function' && matchMedia('(hover: none) and (pointer: coarse)').matches;
  } catch {
    return false;
  }
}
