/**
 * Files the owner uploads (spec part 2 §5, §8, §9): which types, how large, and the checks
 * with the spec's messages. Pure, shared by the owner app (before uploading) and the server.
 */
import { PLEASE_ENTER_FILE_NAME, fileTooLarge, unsupportedFileType } from './editor-messages';

/** Part 2 §9: bytes per MB. */
export const BYTES_PER_MB = 1_000_000;
export const MAX_FILE_MB = 20;
export const MAX_FILE_BYTES = MAX_FILE_MB * BYTES_PER_MB;

/** Extension → media type of every file type the owner may upload (a Map: `constructor` is no type). */
export const FILE_TYPES: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['mp3', 'audio/mpeg'],
  ['zip', 'application/zip'],
]);
/** Part 2 §3: the responsive widths, largest first (the image loader asks for these). */
export const IMAGE_WIDTHS = [2500, 1500, 1000, 750, 500, 300, 100] as const;

/** Images get the responsive widths from a processing job. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

export const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/** The media type of an allowed file name, or null. */
export const fileTypeOf = (name: string): string | null => FILE_TYPES.get(extensionOf(name)) ?? null;

/** A safe file name: letters, digits, dot, dash and underscore; spaces become dashes. */
export const cleanFileName = (name: string) => name.trim().replace(/\s+/g, '-').replace(/[^\w.-]/g, '').replace(/^\.+/, '').slice(0, 100);

/** The first problem with a file, in the spec's words, or null. */
export function fileProblem(name: string, size: number): string | null {
  const clean = cleanFileName(name);
  if (!clean || !/[^.]/.test(clean)) return PLEASE_ENTER_FILE_NAME;
  if (!fileTypeOf(clean)) return unsupportedFileType(name);
  if (size > MAX_FILE_BYTES) return fileTooLarge(name, `${MAX_FILE_MB} MB`);
  return null;
}

/** `1534000` → `1.5 MB` (1 MB = 1,000,000 bytes). */
export function sizeText(bytes: number): string {
  if (bytes >= BYTES_PER_MB) return `${Math.round((bytes / BYTES_PER_MB) * 10) / 10} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} bytes`;
}
