import { extensionOf, type PresignedUrlResponse, type Upload, type UploadType } from '@portal/domain';
import { api } from '../../api';

/** Thrown when the person cancelled: callers stay silent (doc 2 §5 "a cancelled upload is silent"). */
export class UploadCancelled extends Error {
  constructor() {
    super('upload cancelled');
  }
}

export async function getUploadInfo(uuid: string, signal?: AbortSignal): Promise<Upload> {
  return (await api.get<{ data: Upload }>(`/uploads/${uuid}/info`, { signal })).data;
}

/** GET uploads/{uuid}/download: a short-lived URL that downloads the file. */
export async function getDownloadUrl(uuid: string): Promise<string> {
  return (await api.get<{ data: string }>(`/uploads/${uuid}/download`)).data;
}

/** A copy of a file the caller may see, theirs to attach elsewhere (a request's file starting a task). */
export async function copyUploadForTask(uuid: string): Promise<Upload> {
  return (await api.post<{ data: Upload }>(`/uploads/${uuid}/copy`)).data;
}

export async function deleteUpload(uuid: string): Promise<void> {
  await api.request(`/uploads/${uuid}`, { method: 'DELETE' });
}

/** Opens a file's download in the browser (a short-lived URL; the stored file name comes with it). */
export async function downloadUpload(uuid: string): Promise<void> {
  const link = document.createElement('a');
  link.href = await getDownloadUrl(uuid);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * PUTs the bytes with progress; XHR because fetch cannot report upload progress. Exported for pages that obtain the
 * pre-signed target another way (a form's share link: POST public/forms/{token}/uploads); resolves with the body.
 */
export function putBytes(
  target: PresignedUrlResponse,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(event.loaded / event.total);
      }
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(xhr.responseText)
        : reject(new Error(xhr.responseText || `HTTP ${xhr.status}`));
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new UploadCancelled());
    if (signal) {
      if (signal.aborted) {
        reject(new UploadCancelled());
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

/**
 * The whole upload flow of doc 2 §7: create-pre-signed-url, PUT the bytes to it, read back the Upload. `onProgress`
 * receives 0–1 for the bytes sent; the caller caps what it shows until this resolves.
 */
export async function uploadFile(
  file: File,
  type: UploadType,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  const target = await api.post<PresignedUrlResponse>(
    '/create-pre-signed-url',
    { extension: extensionOf(file.name), size: file.size, name: file.name, type },
    { signal },
  );
  const answer = await putBytes(target, file, onProgress, signal);
  try {
    const parsed = JSON.parse(answer) as { data?: Upload };
    if (parsed.data?.uuid === target.uuid) {
      return parsed.data;
    }
  } catch {
    // S3 answers an empty body; the server tells us about the file instead.
  }
  return getUploadInfo(target.uuid, signal);
}
