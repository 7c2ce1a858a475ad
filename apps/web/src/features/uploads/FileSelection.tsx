import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { startMassDownload } from './massDownload';

export type FileSelection = {
  /** The chosen files among those listed (a file that left the list is no longer chosen). */
  selected: readonly string[];
  isSelected(uuid: string): boolean;
  toggle(uuid: string, checked: boolean): void;
  setAll(checked: boolean): void;
};

/** Which of a file list's files are chosen for 'Download selected'. */
export function useFileSelection(uuids: readonly string[]): FileSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = uuids.filter((uuid) => chosen.has(uuid));
  return {
    selected,
    isSelected: (uuid) => chosen.has(uuid),
    toggle: (uuid, checked) =>
      setChosen((current) => {
        const next = new Set(current);
        if (checked) {
          next.add(uuid);
        } else {
          next.delete(uuid);
        }
        return next;
      }),
    setAll: (checked) => setChosen(new Set(checked ? uuids : [])),
  };
}

/**
 * Above a file list of two or more files: select all, 'Download selected' and 'Download all', both as one zip
 * through the mass download (the 'Zipping files' hint, then the zip in the bell).
 */
export function FileSelectionBar({
  uuids,
  selection,
  testId,
}: {
  uuids: readonly string[];
  selection: FileSelection;
  testId: string;
}) {
  const [sending, setSending] = useState<'selected' | 'all' | null>(null);
  const count = selection.selected.length;
  const zip = async (which: 'selected' | 'all') => {
    setSending(which);
    await startMassDownload('uploads', which === 'all' ? uuids : selection.selected);
    setSending(null);
  };
  return (
    <div className="file-selection-bar" data-testid={`${testId}-selection`}>
      <Checkbox
        checked={count > 0 && count === uuids.length}
        indeterminate={count > 0 && count < uuids.length}
        onChange={(event) => selection.setAll(event.target.checked)}
        data-testid={`${testId}-select-all`}
      >
        Select all
      </Checkbox>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        disabled={count === 0}
        loading={sending === 'selected'}
        onClick={() => void zip('selected')}
        data-testid={`${testId}-download-selected`}
      >
        Download selected{count ? ` (${count})` : ''}
      </Button>
      <Button
        size="small"
        icon={<FileZipOutlined />}
        loading={sending === 'all'}
        onClick={() => void zip('all')}
        data-testid={`${testId}-download-all`}
      >
        Download all
      </Button>
    </div>
  );
}
