import type { Upload } from '@portal/domain';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../auth/queries';
import { AssetCard } from './AssetsSection';
import { getUploadInfo } from './api';
import { FileSelectionBar, useFileSelection } from './FileSelection';

export const uploadInfoKey = (uuid: string) => ['uploads', 'info', uuid] as const;

/**
 * Saved files named by uuid (an upload question's answer, a new request's uploads area): each card as in Assets.
 * `known` are files the caller already has (a request's uploads), so only unknown ones are fetched. `selectable`
 * lists of two or more files can be chosen from and downloaded as one zip (the selection bar needs `testId`).
 */
export function UploadedFiles({
  uuids,
  known = [],
  onRemove,
  extra,
  testId,
  selectable = false,
}: {
  uuids: readonly string[];
  known?: readonly Upload[];
  onRemove?: (uuid: string) => void;
  extra?: (file: Upload) => ReactNode;
  testId?: string;
  selectable?: boolean;
}) {
  const files = useQueries({
    queries: uuids.map((uuid) => ({
      queryKey: uploadInfoKey(uuid),
      queryFn: ({ signal }: { signal: AbortSignal }) => getUploadInfo(uuid, signal),
      initialData: known.find((file) => file.uuid === uuid),
      staleTime: Number.POSITIVE_INFINITY,
      meta: { silentError: true },
    })),
  });
  const me = useCurrentUser().data;
  const shown = files.flatMap((query) => (query.data ? [query.data] : []));
  const shownUuids = shown.map((file) => file.uuid);
  const selection = useFileSelection(shownUuids);
  const withSelection = selectable && shown.length > 1;
  if (shown.length === 0) {
    return null;
  }
  const grid = (
    <ul className="asset-grid" data-testid={testId}>
      {shown.map((file) => (
        <AssetCard
          key={file.uuid}
          file={file}
          canDelete={Boolean(onRemove) && file.creator_uuid === me?.uuid}
          onDelete={onRemove ? () => onRemove(file.uuid) : undefined}
          extra={extra?.(file)}
          selection={withSelection ? selection : undefined}
        />
      ))}
    </ul>
  );
  if (!withSelection) {
    return grid;
  }
  return (
    <div>
      <FileSelectionBar uuids={shownUuids} selection={selection} testId={testId ?? 'files'} />
      {grid}
    </div>
  );
}
