/**
 * The owner's files on disk: `DATA_DIR/files/<name>` and, for an image, one file per responsive
 * width beside it (`photo.jpg.500w`). A file's names are exactly these: never a prefix match,
 * so `notes.txt` and `notes.txt.txt` are two files.
 */
import fs from 'node:fs/promises';
import { IMAGE_WIDTHS } from '../../../contract/model/files';

/** `photo.jpg` at 500 px is stored as `photo.jpg.500w` beside the original. */
export const variantPath = (original: string, width: number) => `${original}.${width}w`;

/** The original and every width that may have been made from it. */
const pathsOf = (original: string) => [original, ...IMAGE_WIDTHS.map((width) => variantPath(original, width))];

/** Removes the widths made from an image (whichever exist). */
export async function removeVariants(original: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((width) => fs.rm(variantPath(original, width), { force: true })));
}

/** Removes a file and every width made from it. */
export async function removeFile(original: string): Promise<void> {
  await Promise.all(pathsOf(original).map((file) => fs.rm(file, { force: true })));
}

/** Moves a file and the widths made from it to a new name. */
export async function renameFile(from: string, to: string): Promise<void> {
  await fs.rename(from, to);
  for (const width of IMAGE_WIDTHS) {
    await fs.rename(variantPath(from, width), variantPath(to, width)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/**
 * Writes a file whole or not at all: to a temporary name first, then renamed into place, so a
 * failed write never leaves part of a file under its name.
 */
export async function writeFileWhole(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
