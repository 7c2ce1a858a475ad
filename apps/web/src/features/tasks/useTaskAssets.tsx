import { MESSAGES, type Task } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { useState } from 'react';
import { reportError } from '../../shell/feedback';
import { AssetsSection } from '../uploads/AssetsSection';
import { deleteUpload } from '../uploads/api';
import { UploadDialog } from '../uploads/UploadDialog';
import { useUploads } from '../uploads/useUploads';
import { TASKS_KEY, taskKey, updateTask } from './api';

/**
 * The task drawer's Assets (doc 2 §2): files dropped on the section or chosen in the 'Upload files' dialog are
 * attached to the task as they finish (PUT tasks uploads[] adds). `guardClose` makes closing the drawer wait for
 * running uploads with 'Finishing to upload files, please wait...'.
 */
export function useTaskAssets(task: Task, canEdit: boolean) {
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: taskKey(task.uuid) });
    void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
  };
  const attach = async (uuids: string[]) => {
    if (uuids.length === 0) {
      return;
    }
    try {
      await updateTask(task.uuid, { uploads: uuids });
    } catch (error) {
      reportError(error);
    }
    refresh();
  };
  const uploads = useUploads({ onUploaded: (upload) => void attach([upload.uuid]) });

  const guardClose = (close: () => void) => () => {
    if (!uploads.busy) {
      close();
      return;
    }
    void message.loading({ content: MESSAGES.finishingUploads, key: 'finishing-uploads', duration: 0 });
    void uploads.waitForAll().then(() => {
      message.destroy('finishing-uploads');
      close();
    });
  };

  const section = (
    <>
      <AssetsSection
        files={task.uploads}
        uploads={uploads}
        canEdit={canEdit}
        onOpenDialog={() => setDialogOpen(true)}
        // Doc 2 §9: a failed delete is silent; the list shows what the server holds.
        onDelete={(uuid) =>
          void deleteUpload(uuid)
            .catch(() => undefined)
            .finally(refresh)
        }
        testId="task-assets"
      />
      <UploadDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onDone={(done) => {
          setDialogOpen(false);
          void attach(done.map((u) => u.uuid));
        }}
      />
    </>
  );
  return { section, guardClose };
}
