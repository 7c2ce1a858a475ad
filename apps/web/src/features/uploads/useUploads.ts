/**
 * Uploads in a component, with progress and cancel. Use it wherever people attach files:
 *
 *   const uploads = useUploads({ type: 'attachment', onUploaded: (upload) => attach(upload.uuid) });
 *   uploads.add(files);              // starts uploading File[]; resolves with the uploads that finished
 *   uploads.items                    // [{ key, name, progress (capped at 90 until confirmed), status, upload }]
 *   uploads.cancel(key)              // aborts one, silently; uploads.cancelAll() aborts every running one
 *   uploads.busy / uploads.waitForAll()   // block a submit or a close until all are done (polls 200 ms)
 *   uploads.done                     // the finished Upload objects, in order; uploads.clear() empties the list
 *
 * Failures show "{file} file upload failed." (or "Upload failed" without a name) and stay in the list marked failed.
 * UploadDialog (UploadDialog.tsx) is the ready-made dialog around this hook.
 */
import { MESSAGES, type Upload, type UploadType } from '@portal/domain';
import { message } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { changeRunningUploads } from './activity';
import { UploadCancelled, uploadFile } from './api';
import { shownProgress, waitUntilIdle } from './uploadRules';

export type UploadStatus = 'uploading' | 'done' | 'failed';
export type UploadItem = {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: UploadStatus;
  upload?: Upload;
  /** A local preview of an image while it uploads. */
  previewUrl?: string;
};

export type UseUploadsOptions = {
  type?: UploadType;
  onUploaded?: (upload: Upload) => void;
};

let nextKey = 0;

export function useUploads({ type = 'attachment', onUploaded }: UseUploadsOptions = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const uploadOne = useCallback(
    async (file: File): Promise<Upload | null> => {
      nextKey += 1;
      const key = `upload-${nextKey}`;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
      setItems((list) => [
        ...list,
        { key, name: file.name, size: file.size, progress: 0, status: 'uploading', previewUrl },
      ]);
      try {
        const upload = await uploadFile(
          file,
          type,
          (fraction) => patch(key, { progress: shownProgress(fraction, false) }),
          controller.signal,
        );
        patch(key, { status: 'done', progress: shownProgress(1, true), upload });
        onUploadedRef.current?.(upload);
        return upload;
      } catch (error) {
        if (error instanceof UploadCancelled || controller.signal.aborted) {
          setItems((list) => list.filter((item) => item.key !== key));
        } else {
          patch(key, { status: 'failed' });
          void message.error(file.name ? MESSAGES.fileUploadFailed(file.name) : MESSAGES.uploadFailed);
        }
        return null;
      } finally {
        controllers.current.delete(key);
      }
    },
    [patch, type],
  );

  const add = useCallback(
    async (files: readonly File[]) => (await Promise.all(files.map(uploadOne))).filter((u): u is Upload => u !== null),
    [uploadOne],
  );

  const cancel = useCallback((key: string) => {
    const controller = controllers.current.get(key);
    if (controller) {
      controller.abort();
    } else {
      setItems((list) => list.filter((item) => item.key !== key));
    }
  }, []);

  const cancelAll = useCallback(() => {
    for (const controller of controllers.current.values()) {
      controller.abort();
    }
  }, []);

  const clear = useCallback(() => {
    cancelAll();
    setItems([]);
  }, [cancelAll]);

  // Running uploads stop with the component; object URLs are released.
  useEffect(() => () => cancelAll(), [cancelAll]);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const item of itemsRef.current) {
        if (item.previewUrl) {
          URL.revokeObjectURL(item.previewUrl);
        }
      }
    },
    [],
  );

  const busy = items.some((item) => item.status === 'uploading');
  // Forms that wait for every upload of the tab count this component's running ones (activity.ts).
  useEffect(() => {
    if (!busy) {
      return;
    }
    changeRunningUploads(1);
    return () => changeRunningUploads(-1);
  }, [busy]);
  const busyRef = useRef(busy);
  busyRef.current = busy || controllers.current.size > 0;
  const waitForAll = useCallback(() => waitUntilIdle(() => busyRef.current), []);
  const done = useMemo(
    () => items.flatMap((item) => (item.status === 'done' && item.upload ? [item.upload] : [])),
    [items],
  );

  return { items, add, cancel, cancelAll, clear, busy, waitForAll, done };
}

export type UploadsState = ReturnType<typeof useUploads>;
