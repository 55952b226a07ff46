/**
 * Uploads one file with progress (XHR: fetch has no upload progress), cancellable. Resolves
 * with the server's JSON; rejects with the server's error, or the spec's upload messages.
 */
import { ERROR_UPLOADING, FILE_UPLOAD_FAILED } from '../../contract/model/editor-messages';
import { crumb, signInAgain } from './owner-api';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';

export class UploadCancelled extends Error {}

export interface Upload<T> {
  done: Promise<T>;
  cancel(): void;
}

export function upload<T>(file: File, name: string, replace: boolean, onProgress: (fraction: number) => void): Upload<T> {
  let xhr: XMLHttpRequest | undefined;
  const send = (renewed: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const request = (xhr = new XMLHttpRequest());
      request.open('PUT', `${ownerPath(OWNER_PATHS.file, { name })}?crumb=${encodeURIComponent(crumb())}${replace ? '&replace=true' : ''}`);
      request.setRequestHeader('Content-Type', 'application/octet-stream');
      request.responseType = 'json';
      request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
      request.onload = () => {
        const body = request.response as (T & { error?: string }) | null;
        const failure = new Error(body?.error ?? `${ERROR_UPLOADING} (HTTP ${request.status})`);
        if (request.status >= 200 && request.status < 300 && body) resolve(body);
        // The session ended meanwhile: once the owner has signed in again, the file goes again.
        else if (request.status === 401 && !renewed) signInAgain().then((again) => (again ? send(true) : Promise.reject(failure))).then(resolve, reject);
        else reject(failure);
      };
      request.onerror = () => reject(new Error(FILE_UPLOAD_FAILED));
      request.onabort = () => reject(new UploadCancelled('cancelled'));
      request.send(file);
    });
  return { done: send(false), cancel: () => xhr?.abort() };
}
