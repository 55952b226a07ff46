import { useEffect, useRef, useState } from 'react';
import {
  FILE_PROCESSING_CANCELLED,
  FILE_PROCESSING_FAILED,
  FILE_PROCESSING_FAILED_TO_COMPLETE,
  NO_JOB_RESPONSE,
  PLEASE_ENTER_FILE_NAME,
  RENAME_PROBLEM,
  UNABLE_TO_LOAD_TRY_AGAIN,
  UPLOAD_PROBLEM,
} from '../../contract/model/editor-messages';
import { cleanFileName, fileProblem, sizeText } from '../../contract/model/files';
import { ConfirmDialog } from './ConfirmDialog';
import { escapeCancels } from './escape-cancels';
import { useLoad } from './LoadProblem';
import { ownerDelete, ownerGet, ownerPost } from './owner-api';
import { neighbours, useFocusAfterRender } from './use-focus-after-render';
import { UploadCancelled, upload, type Upload } from './upload';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { FileRenamedAnswer, FilesAnswer, JobAnswer, OwnerFile, UploadAnswer } from '../../contract/api/owner-answers';

export type StoredFile = OwnerFile;

type Progress = { state: 'uploading'; fraction: number } | { state: 'processing' } | { state: 'complete' | 'failed' | 'cancelled'; message: string } | null;


const UPLOAD_KEY = 'upload';
const renameKey = (name: string) => `rename:${name}`;
const deleteKey = (name: string) => `delete:${name}`;

const POLL_MS = 300;
const POLL_LIMIT = 200;

/** Upload with progress (failed, cancelled, complete), replace, rename, delete; image widths made by a job. */
export function FileManager({ onChange }: { onChange: (files: StoredFile[]) => void }) {
  const [files, setFiles] = useState<StoredFile[] | null>(null);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<Progress>(null);
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const current = useRef<Upload<unknown> | null>(null);
  /** The processing job being followed; cleared when it ends or the owner cancels it. */
  const job = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** The file whose deletion waits for the owner's confirmation. */
  const [deleting, setDeleting] = useState<string | null>(null);
  const { focusable, focusAfterRender } = useFocusAfterRender();

  const loadFiles = () =>
    ownerGet<FilesAnswer>(OWNER_PATHS.files).then(({ files: list }) => {
      setFiles(list);
      onChange(list);
    });
  const refresh = () => loadFiles().catch(() => setError(UNABLE_TO_LOAD_TRY_AGAIN));
  const loadProblem = useLoad(loadFiles);
  useEffect(() => () => void (job.current = null), []); // stop polling when the panel closes

  /** Polls the processing job until it ends. */
  const follow = async (jobId: string) => {
    job.current = jobId;
    setProgress({ state: 'processing' });
    for (let i = 0; i < POLL_LIMIT && job.current === jobId; i++) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (job.current !== jobId) return; // cancelled meanwhile: cancelProcessing reports it
      const answer = await ownerGet<JobAnswer>(ownerPath(OWNER_PATHS.job, { id: jobId })).catch(() => null);
      if (job.current === jobId && answer?.status !== 'running') return settle(answer);
    }
    if (job.current === jobId) settle({ status: 'running' }); // still running after the polling limit
  };

  /** Reports a job's end (or that there is no answer) and stops following it. */
  const settle = async (answer: Pick<JobAnswer, 'status'> | null) => {
    job.current = null;
    if (!answer?.status) return setProgress({ state: 'failed', message: NO_JOB_RESPONSE });
    if (answer.status === 'complete') {
      await refresh(); // the list shows the widths the job made
      return setProgress({ state: 'complete', message: 'Upload complete.' });
    }
    if (answer.status === 'failed') return setProgress({ state: 'failed', message: FILE_PROCESSING_FAILED });
    if (answer.status === 'cancelled') return setProgress({ state: 'cancelled', message: FILE_PROCESSING_CANCELLED });
    setProgress({ state: 'failed', message: FILE_PROCESSING_FAILED_TO_COMPLETE });
  };

  /** The server answers with the job as it stands: cancelled, or already ended. */
  const cancelProcessing = () => {
    const jobId = job.current;
    if (!jobId) return;
    job.current = null;
    ownerDelete<JobAnswer>(ownerPath(OWNER_PATHS.job, { id: jobId })).then(settle, () => settle(null));
  };

  const send = (file: File, replace: boolean) => {
    const problem = fileProblem(file.name, file.size);
    if (problem) return setProgress({ state: 'failed', message: problem });
    setProgress({ state: 'uploading', fraction: 0 });
    const job = upload<UploadAnswer>(file, cleanFileName(file.name), replace, (fraction) => setProgress({ state: 'uploading', fraction }));
    current.current = job;
    job.done
      .then(async (answer) => {
        await refresh();
        if (answer.jobId) await follow(answer.jobId);
        else setProgress({ state: 'complete', message: 'Upload complete.' });
      })
      .catch((reason: Error) => {
        if (reason instanceof UploadCancelled) setProgress({ state: 'cancelled', message: 'Upload cancelled.' });
        else setProgress({ state: 'failed', message: `${UPLOAD_PROBLEM} ${reason.message}` });
      })
      .finally(() => {
        current.current = null;
        if (input.current) input.current.value = '';
      });
  };

  const cancelRename = () => {
    if (renaming) focusAfterRender(renameKey(renaming.from));
    setRenaming(null);
  };

  /** Deletes a file; focus then goes to the next file's Delete button, else the previous one's, else the upload field. */
  const removeFile = (name: string) => {
    const next = neighbours((files ?? []).map((f) => f.name), name);
    ownerDelete(ownerPath(OWNER_PATHS.file, { name })).then(
      () => {
        focusAfterRender(...next.map(deleteKey), UPLOAD_KEY);
        setError('');
        return refresh();
      },
      () => setError(UNABLE_TO_LOAD_TRY_AGAIN),
    );
  };

  if (!files) return loadProblem ?? <p aria-busy="true">Loading files…</p>;
  return (
    <div className="config-files">
      <p>
        <label htmlFor="file-upload">Upload a file</label>{' '}
        <input id="file-upload" ref={(element) => { input.current = element; focusable(UPLOAD_KEY)(element); }} type="file" onChange={(event) => event.target.files?.[0] && send(event.target.files[0], files.some((f) => f.name === cleanFileName(event.target.files![0]!.name)))} />
      </p>
      {progress?.state === 'uploading' && (
        <p>
          <progress max={1} value={progress.fraction} aria-label="Upload progress" /> {Math.round(progress.fraction * 100)}%{' '}
          <button type="button" onClick={() => current.current?.cancel()}>
            Cancel upload
          </button>
        </p>
      )}
      {progress?.state === 'processing' && (
        <p>
          <button type="button" onClick={cancelProcessing}>
            Cancel processing
          </button>
        </p>
      )}
      <p role="status" className={progress?.state === 'failed' ? 'config-error' : undefined}>
        {progress?.state === 'processing' ? 'Processing the image…' : progress && 'message' in progress ? progress.message : ''}
      </p>
      <ul className="config-list">
        {files.map((file) => (
          <li key={file.name}>
            {renaming?.from === file.name ? (
              <form
                onKeyDown={escapeCancels(cancelRename)}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!renaming.to.trim()) return setError(PLEASE_ENTER_FILE_NAME);
                  ownerPost<FileRenamedAnswer>(ownerPath(OWNER_PATHS.fileRename, { name: file.name }), { to: renaming.to }).then(
                    // The list first, so that the renamed file's Rename button is there to take the focus.
                    (answer) =>
                      refresh().then(() => {
                        focusAfterRender(renameKey(answer.file.name));
                        setRenaming(null);
                        setError('');
                      }),
                    () => setError(RENAME_PROBLEM),
                  );
                }}
              >
                <label>
                  New name for {file.name} <input value={renaming.to} onChange={(event) => setRenaming({ from: file.name, to: event.target.value })} autoFocus />
                </label>{' '}
                <button type="submit">Rename</button>{' '}
                <button type="button" onClick={cancelRename}>
                  Cancel
                </button>
              </form>
            ) : (
              <>
                <a href={file.url} target="_blank" rel="noopener">
                  {file.name}
                </a>{' '}
                ({sizeText(file.size)}
                {file.widths.length > 0 ? `, widths ${file.widths.join(', ')}` : ''}){' '}
                <button type="button" ref={focusable(renameKey(file.name))} aria-label={`Rename ${file.name}`} onClick={() => setRenaming({ from: file.name, to: file.name })}>
                  Rename
                </button>{' '}
                <button type="button" ref={focusable(deleteKey(file.name))} aria-label={`Delete ${file.name}`} onClick={() => setDeleting(file.name)}>
                  Delete
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <p role="alert" className="config-error">
        {error}
      </p>
      {deleting !== null && (
        <ConfirmDialog
          title={`Delete ${deleting}?`}
          message="Links to it on the site will stop working."
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null);
            removeFile(deleting);
          }}
        />
      )}
    </div>
  );
}
