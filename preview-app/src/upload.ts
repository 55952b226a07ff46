/**
 * Uploads one file with progress (XHR: fetch has no upload progress), cancellable. Resolves
 * with the server's JSON; rejects with the server's error, or the spec's upload messages.
 */
import { ERROR_UPLOADING, FILE_UPLOAD_FAILED } from '../../contract/model/editor-messages';
import { crumb } from './owner-api';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';

export class UploadCancelled extends Error {}

export interface Upload<T> {
  done: Promise<T>;
  cancel(): void;
}

export function upload<T>(file: File, name: string, replace: boolean, onProgress: (fraction: number) => void): Upload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('PUT', `${ownerPath(OWNER_PATHS.file, { name })}?crumb=${encodeURIComponent(crumb())}${replace ? '&replace=true' : ''}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else reject(new Error(body?.error ?? `${ERROR_UPLOADING} (HTTP ${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error(FILE_UPLOAD_FAILED));
    xhr.onabort = () => reject(new UploadCancelled('cancelled'));
    xhr.send(file);
  });
  return { done, cancel: () => xhr.abort() };
}
